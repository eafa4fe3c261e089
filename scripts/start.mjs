#!/usr/bin/env node
// npm start: build whatever is not built yet, then run the one Keel server
// (it applies migrations at start-up and serves the web app and /api).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const needsBuild =
  !existsSync('packages/core/dist/constants.js') ||
  !existsSync('apps/web/build/client/index.html') ||
  !existsSync('apps/server/dist/main.js');

if (needsBuild) {
  console.log('Building Keel (first start)…');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
