#!/usr/bin/env node
// Makes a fresh Debian machine ready for the full test run: Debian's Chromium
// for the browser tests, and the machine's PostgreSQL 15 for the server tests
// on a real database. Prints TEST_DATABASE_URL=… on its last line when ready.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const isRoot = process.getuid?.() === 0;
const run = (command) => spawnSync('bash', ['-c', command], { stdio: 'inherit' }).status === 0;
const quiet = (command) => spawnSync('bash', ['-c', command], { stdio: 'ignore' }).status === 0;

if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
  if (!isRoot) {
    console.error("Chromium is missing: install Debian's chromium package (apt-get install chromium).");
    process.exit(1);
  }
  console.log('Installing Debian Chromium for the browser tests…');
  if (!run('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium > /dev/null')) process.exit(1);
}

let databaseUrl = process.env.TEST_DATABASE_URL ?? '';
if (!databaseUrl && isRoot && existsSync('/usr/bin/pg_ctlcluster')) {
  const cluster = execSync('ls /etc/postgresql 2>/dev/null || true').toString().trim().split('\n')[0];
  if (cluster) {
    quiet(`pg_ctlcluster ${cluster} main start`);
    for (let i = 0; i < 50 && !quiet('pg_isready -q -h 127.0.0.1'); i++) execSync('sleep 0.2');
    if (quiet(`su postgres -c "psql -qc \\"ALTER USER postgres PASSWORD 'postgres'\\""`)) {
      databaseUrl = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
    }
  }
}
console.log(databaseUrl ? `TEST_DATABASE_URL=${databaseUrl}` : 'TEST_DATABASE_URL=');
