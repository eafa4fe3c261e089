#!/usr/bin/env node
// npm start: run the one Keel server (it applies migrations at start-up and
// serves the web app and /api), building first only when the build is missing
// or older than its sources — and saying which. `npm run start:prod` (and the
// container image) never builds: it runs what `npm run build` made, or stops.
import { spawn, spawnSync } from 'node:child_process';
import { CORE_OUTPUT, SERVER_OUTPUT, staleReason, WEB_OUTPUT } from './build-freshness.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

/** Why a build is needed, or null when the build is complete and newer than every source. */
function buildReason() {
  for (const output of [CORE_OUTPUT, WEB_OUTPUT, SERVER_OUTPUT]) {
    const reason = staleReason(output);
    if (reason) return reason;
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

// The Docker image's command and bench:server start it with the same V8 flags (server-node-flags.mjs says why).
const server = spawn(process.execPath, ['--enable-source-maps', ...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
