// Whether a build is missing or older than its sources, and why (npm start, npm run demo).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Sources every build output depends on. */
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

/** Why `output` must be built again, or null when it exists and is newer than every source. */
export function staleReason(output) {
  if (!existsSync(output.built)) return `${output.built} is missing`;
  const builtAt = statSync(output.built).mtimeMs;
  for (const source of [...output.sources, ...SHARED_SOURCES]) {
    const latest = newest(source);
    if (latest && latest.mtimeMs > builtAt) return `${latest.file} is newer than ${output.built}`;
  }
  return null;
}

export const CORE_OUTPUT = {
  built: 'packages/core/dist/constants.js',
  sources: ['packages/core/src', 'packages/core/package.json'],
};
export const SERVER_OUTPUT = {
  built: 'apps/server/dist/main.js',
  sources: ['apps/server/src', 'apps/server/package.json', 'packages/core/src'],
};
const WEB_SOURCES = [
  'apps/web/app',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'packages/core/src',
];
export const WEB_OUTPUT = { built: 'apps/web/build/client/index.html', sources: WEB_SOURCES };
/** `npm run demo`'s own web build, with the demo wallet (docs/decisions/010). */
export const DEMO_WEB_OUTPUT = { built: 'apps/web/build-demo/client/index.html', sources: WEB_SOURCES };
