#!/usr/bin/env node
// Prints the server's start-up time on an existing PGlite data directory and its
// idle memory after a first start and after a restart (targets: under 3 s and under
// 250 MB). Figures only, never a gate: timings vary on a busy machine.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const port = 3180;
const dataDir = mkdtempSync(path.join(tmpdir(), 'keel-startup-'));

async function startOnce() {
  const started = performance.now();
  // As npm start runs it (server-node-flags.mjs).
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) break;
    } catch {
      // not yet listening
    }
    if (performance.now() - started > 60_000) throw new Error('server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { child, ms: performance.now() - started };
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kb / 1024;
}

async function stop(child) {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

try {
  const idleRssMb = async (child) => {
    await fetch(`http://127.0.0.1:${port}/`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return rssMb(child.pid);
  };
  const first = await startOnce();
  const firstMemory = await idleRssMb(first.child);
  await stop(first.child);
  const second = await startOnce();
  const memory = await idleRssMb(second.child);
  await stop(second.child);
  console.log(`Server start-up, fresh PGlite data dir:    ${(first.ms / 1000).toFixed(2)} s`);
  console.log(`Server start-up, existing PGlite data dir: ${(second.ms / 1000).toFixed(2)} s (target < 3 s)`);
  console.log(`Server idle memory (RSS), first start:     ${firstMemory.toFixed(0)} MB (target < 250 MB)`);
  console.log(`Server idle memory (RSS), restarted:       ${memory.toFixed(0)} MB (target < 250 MB)`);
} catch (error) {
  // Figures only: a failure to measure is reported, not fatal.
  console.log(`start-up figures unavailable: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
