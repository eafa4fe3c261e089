#!/usr/bin/env node
// npm test: everything CI runs — machine preparation (Chromium, PostgreSQL), typecheck (TypeScript's native
// compiler), lint (ESLint: layers, import cycles, hooks; oxlint: type-aware promise checks), Prettier's check and
// a dry-run install for macOS and ARM Linux (all at once), the unit
// and integration tests on PGlite, the production build (once: every later step uses it), the bundle
// budget, start-up figures, the server tests on PostgreSQL and the built server under Node 24, and the
// browser tests. `npm test -- lint build` runs only the named steps.
//
// Each thing runs once where once proves it (docs/test-suite.md): PostgreSQL and Node 24 change only what
// the server does, so the second pass runs the server project alone, on PostgreSQL under Node 24 (what the
// production image runs), while the first runs everything on PGlite under Node 20 (what `npm start` runs
// here). The summary gives each step's time and the total; over BUDGET_MINUTES it adds a warning naming the
// slowest steps and browser tests (a warning, not a failure: these machines are shared and noisy).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const BUDGET_MINUTES = 15;
const DURATIONS_FILE = path.resolve('.tmp/e2e-durations.json');
const runStarted = Date.now();
const only = process.argv.slice(2);
const wanted = (name) => only.length === 0 || only.some((word) => name.includes(word));

const prepare = spawnSync('node', ['scripts/prepare-test-machine.mjs', '--database'], { stdio: ['ignore', 'pipe', 'inherit'] });
const prepareOutput = prepare.stdout.toString();
process.stdout.write(prepareOutput);
if (prepare.status !== 0) process.exit(prepare.status ?? 1);
const databaseUrl = prepareOutput.match(/^TEST_DATABASE_URL=(.*)$/m)?.[1] ?? '';

const pgliteEnv = { ...process.env, TEST_DATABASE_URL: '' };
delete pgliteEnv.TEST_DATABASE_URL;
/** Steps in one inner array run at the same time. */
const steps = [
  [
    ['typecheck', ['npm', 'run', 'typecheck']],
    // `npm run lint`: ESLint's rules, and oxlint's type-aware promise checks (.oxlintrc.json).
    ['lint', ['npx', 'eslint', '.']],
    ['lint (type-aware promise checks)', ['npx', 'oxlint', '--type-aware']],
    ['format check', ['npm', 'run', 'format:check']],
    ['lockfile installs on macOS and ARM Linux (dry run)', ['node', 'scripts/check-install-platforms.mjs']],
  ],
  ['unit and integration tests (PGlite)', ['npx', 'vitest', 'run'], pgliteEnv],
  ['build', ['npm', 'run', 'build']],
  ['bundle budget', ['node', 'scripts/check-budget.mjs']],
  ['start-up figures', ['node', 'scripts/measure-startup.mjs']],
  databaseUrl
    ? [
        'server tests on PostgreSQL and the built server, under Node 24',
        ['node', 'scripts/test-node24.mjs'],
        { ...process.env, TEST_DATABASE_URL: databaseUrl },
      ]
    : ['server tests and the built server under Node 24', ['node', 'scripts/test-node24.mjs'], pgliteEnv],
  // The built server under the browser tests runs on PostgreSQL where there is one, as in production: its
  // queries then leave the server's event loop free, where embedded PGlite runs them on it.
  ['browser tests', ['npx', 'playwright', 'test'], databaseUrl ? { ...process.env, E2E_DATABASE_URL: databaseUrl } : undefined],
];

const outcome = (name, ok, started) => ({ name, ok, seconds: (Date.now() - started) / 1000 });

/** Runs one step with its output captured; resolves with its result once it has ended. */
function runCaptured([name, command, env]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env: env ?? process.env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const finish = (ok) => {
      console.log(`\n=== ${name}: ${command.join(' ')}`);
      process.stdout.write(Buffer.concat(output));
      resolve(outcome(name, ok, started));
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(false);
    });
    child.on('close', (code) => finish(code === 0));
  });
}

/** The browser run's test times (e2e/support/duration-reporter.ts), slowest first; none if it did not run. */
function browserTestTimes() {
  if (!existsSync(DURATIONS_FILE)) return [];
  const { tests } = JSON.parse(readFileSync(DURATIONS_FILE, 'utf8'));
  return [...tests].sort((a, b) => b.seconds - a.seconds);
}

const formatDuration = (seconds) => `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;

// A stale file from an earlier run must not be reported as this run's.
rmSync(DURATIONS_FILE, { force: true });
/**
 * Downloads the later steps need, started now and awaited just before the first step that uses them: on a fresh
 * machine they wait on the network while the first steps keep both cores busy.
 */
const downloads = [
  ['Chromium for the browser tests', ['node', 'scripts/prepare-test-machine.mjs', '--browser'], 'browser tests'],
  ['Node 24 for the Node 24 pass', ['node', 'scripts/test-node24.mjs', '--install-only'], 'Node 24'],
]
  .filter(([, , usedBy]) => wanted(usedBy))
  .map(([name, command, usedBy]) => ({ usedBy, result: runCaptured([`${name} (in the background)`, command]) }));
const results = [];
for (const step of steps) {
  const group = (Array.isArray(step[0]) ? step : [step]).filter(([name]) => wanted(name));
  if (group.length === 0) continue;
  for (const download of downloads.filter(({ usedBy }) => group.some(([name]) => name.includes(usedBy)))) {
    results.push(await download.result);
  }
  if (results.some((result) => !result.ok)) break;
  if (group.length > 1) {
    console.log(`\n=== at once: ${group.map(([name]) => name).join(', ')}`);
    results.push(...(await Promise.all(group.map(runCaptured))));
  } else {
    const [name, command, env] = group[0];
    const started = Date.now();
    console.log(`\n=== ${name}: ${command.join(' ')}`);
    const result = spawnSync(command[0], command.slice(1), { stdio: 'inherit', env: env ?? process.env });
    results.push(outcome(name, result.status === 0, started));
  }
  if (results.some((result) => !result.ok)) break;
}

const totalSeconds = (Date.now() - runStarted) / 1000;
console.log('\n=== summary');
for (const result of results) console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name} (${result.seconds.toFixed(1)}s)`);
const failed = results.filter((result) => !result.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
// The failed browser tests by name, here at the end: a CI log is often read from its tail only.
for (const test of browserTestTimes().filter((timing) => timing.status !== 'passed' && timing.status !== 'skipped')) {
  console.log(`FAILED browser test (${test.status}): ${test.title}${test.error ? ` — ${test.error.slice(0, 300)}` : ''}`);
}
console.log(`total: ${formatDuration(totalSeconds)} (budget ${BUDGET_MINUTES} min on a 2-core machine)`);
if (totalSeconds > BUDGET_MINUTES * 60) {
  const slowSteps = [...results]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 3)
    .map((result) => `${result.name} ${formatDuration(result.seconds)}`);
  const slowTests = browserTestTimes()
    .slice(0, 5)
    .map((test) => `${test.title} ${test.seconds.toFixed(0)} s`);
  console.log(
    `WARNING: npm test took ${formatDuration(totalSeconds)}, over its ${BUDGET_MINUTES}-minute budget. Slowest steps: ${slowSteps.join('; ')}.` +
      (slowTests.length > 0 ? ` Slowest browser tests: ${slowTests.join('; ')}.` : ''),
  );
}
process.exit(failed === 0 ? 0 : 1);
