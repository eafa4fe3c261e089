#!/usr/bin/env node
// Makes a fresh Debian machine ready for the full test run: Debian's headless
// Chromium for the browser tests (`--browser` alone), and the machine's PostgreSQL 15 for the server tests
// on a real database (`--database` alone; prints TEST_DATABASE_URL=… on its last line when ready). With
// neither flag, both. npm test installs the browser in the background while the first steps run: on a
// fresh machine that is a package-list update and a download, time spent waiting on the network.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const isRoot = process.getuid?.() === 0;
const run = (command) => spawnSync('bash', ['-c', command], { stdio: 'inherit' }).status === 0;
const quiet = (command) => spawnSync('bash', ['-c', command], { stdio: 'ignore' }).status === 0;

const flags = process.argv.slice(2);
const wants = (part) => flags.length === 0 || flags.includes(`--${part}`);

// The browser tests run in Debian's headless build of Chromium (playwright.config.ts says why).
const browser = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
if (wants('browser') && !existsSync(browser)) {
  if (!isRoot || process.env.CHROMIUM_PATH) {
    console.error(
      `${browser} is missing: install Debian's chromium-headless-shell package (apt-get install chromium-headless-shell).`,
    );
    process.exit(1);
  }
  console.log("Installing Debian's headless Chromium for the browser tests…");
  const install = 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell > /dev/null';
  // The package lists are often there already; only when they are not (or are stale) is an update worth its time.
  if (!quiet(install) && !run(`apt-get update -qq && ${install}`)) process.exit(1);
}

if (!wants('database')) process.exit(0);
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
