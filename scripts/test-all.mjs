#!/usr/bin/env node
// npm test: everything CI runs — machine preparation (Chromium, PostgreSQL),
// typecheck, lint (type-aware, layers, import cycles), Prettier's check, unit
// and integration tests (server tests on PGlite and again on PostgreSQL, then
// all of them under Node 24), a dry-run install for macOS and ARM Linux, the
// production build, the bundle budget, start-up figures and the browser tests.
// `npm test -- lint build` runs only the named steps. The three static checks
// run at once (each is one busy thread; the machines here have two cores), their
// output printed whole, one check after the other, as each ends.
import { spawn, spawnSync } from 'node:child_process';

const only = process.argv.slice(2);
const wanted = (name) => only.length === 0 || only.some((word) => name.includes(word));

const prepare = spawnSync('node', ['scripts/prepare-test-machine.mjs'], { stdio: ['ignore', 'pipe', 'inherit'] });
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
    ['lint', ['npm', 'run', 'lint']],
    ['format check', ['npm', 'run', 'format:check']],
  ],
  ['unit and integration tests (PGlite)', ['npx', 'vitest', 'run'], pgliteEnv],
  ...(databaseUrl
    ? [
        [
          'server integration tests (PostgreSQL)',
          ['npx', 'vitest', 'run', '--project', 'server'],
          { ...process.env, TEST_DATABASE_URL: databaseUrl },
        ],
      ]
    : []),
  ['unit and integration tests under Node 24', ['node', 'scripts/test-node24.mjs'], pgliteEnv],
  ['lockfile installs on macOS and ARM Linux (dry run)', ['node', 'scripts/check-install-platforms.mjs']],
  ['build', ['npm', 'run', 'build']],
  ['bundle budget', ['node', 'scripts/check-budget.mjs']],
  ['start-up figures', ['node', 'scripts/measure-startup.mjs']],
  ['browser tests', ['npx', 'playwright', 'test']],
];

const outcome = (name, ok, started) => ({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });

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

const results = [];
for (const step of steps) {
  const group = (Array.isArray(step[0]) ? step : [step]).filter(([name]) => wanted(name));
  if (group.length === 0) continue;
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
console.log('\n=== summary');
for (const result of results) console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name} (${result.seconds}s)`);
const failed = results.filter((result) => !result.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
