#!/usr/bin/env node
// npm test: everything CI runs — typecheck, lint, unit and integration tests,
// the production build, the bundle budget, start-up figures and the browser tests.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', ['npm', 'run', 'typecheck']],
  ['lint', ['npm', 'run', 'lint']],
  ['unit and integration tests', ['npx', 'vitest', 'run']],
  ['build', ['npm', 'run', 'build']],
  ['bundle budget', ['node', 'scripts/check-budget.mjs']],
  ['start-up figures', ['node', 'scripts/measure-startup.mjs']],
  ['browser tests', ['npx', 'playwright', 'test']],
];

const only = process.argv.slice(2);
const results = [];
for (const [name, command] of steps) {
  if (only.length > 0 && !only.some((word) => name.includes(word))) continue;
  const started = Date.now();
  console.log(`\n=== ${name}: ${command.join(' ')}`);
  const result = spawnSync(command[0], command.slice(1), { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok: result.status === 0, seconds });
  if (result.status !== 0) break;
}
console.log('\n=== summary');
for (const result of results) console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name} (${result.seconds}s)`);
const failed = results.filter((result) => !result.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
