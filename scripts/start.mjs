#!/usr/bin/env node
// npm start: run the one Keel server (it applies migrations at start-up and
// serves the web app and /api), building first only when the build is missing
// or older than its sources — and saying which. `npm run start:prod` (and the
// container image) never builds: it runs what `npm run build` made, or stops.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Each build output, and what it is made from. */
const OUTPUTS = [
  { built: 'packages/core/dist/constants.js', sources: ['packages/core/src', 'packages/core/package.json'] },
  {
    built: 'apps/web/build/client/index.html',
    sources: [
      'apps/web/app',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'apps/web/react-router.config.ts',
      'packages/core/src',
    ],
  },
  { built: 'apps/server/dist/main.js', sources: ['apps/server/src', 'apps/server/package.json', 'packages/core/src'] },
];
const SHARED_SOURCES = ['package-lock.json'];

/** The newest file under a path (tests excluded: they are not part of the build). */
function newest(target) {
  if (!existsSync(target)) return null;
  const stat = statSync(target);
  if (!stat.isDirectory()) return { file: target, mtimeMs: stat.mtimeMs };
  let found = null;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.startsWith('.') || /\.test\.tsx?$/.test(entry)) continue;
    const candidate = newest(path.join(target, entry));
    if (candidate && (!found || candidate.mtimeMs > found.mtimeMs)) found = candidate;
  }
  return found;
}

/** Why a build is needed, or null when the build is complete and newer than every source. */
function buildReason() {
  for (const output of OUTPUTS) {
    if (!existsSync(output.built)) return `${output.built} is missing`;
    const builtAt = statSync(output.built).mtimeMs;
    for (const source of [...output.sources, ...SHARED_SOURCES]) {
      const latest = newest(source);
      if (latest && latest.mtimeMs > builtAt) return `${latest.file} is newer than ${output.built}`;
    }
  }
  return null;
}

const neverBuild = process.argv.includes('--no-build');
const reason = buildReason();
if (reason && neverBuild) {
  console.error(`Keel: not starting — ${reason}. Run \`npm run build\` first (start:prod never builds).`);
  process.exit(1);
}
if (reason) {
  console.log(`Building Keel first: ${reason}.`);
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else if (!neverBuild) {
  console.log('Keel: the build is up to date, starting it.');
}

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
