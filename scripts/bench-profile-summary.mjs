#!/usr/bin/env node
// Summarises a V8 .cpuprofile (from node --cpu-prof, e.g. BENCH_CPU_PROF=dir
// npm run bench:server): self time by package and the heaviest functions, so
// "where does the time go" has an answer in numbers before anything changes.
// Usage: node scripts/bench-profile-summary.mjs <file.cpuprofile> [top=25]
import { readFileSync } from 'node:fs';

const [file, topArgument] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/bench-profile-summary.mjs <file.cpuprofile> [top]');
  process.exit(1);
}
const top = Number(topArgument ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map();
for (let index = 0; index < profile.samples.length; index++) {
  const id = profile.samples[index];
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
}

/** Which package (or node internals, or our own code) a frame belongs to. */
function packageOf(url) {
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const match = url.match(/(apps\/[^/]+|packages\/[^/]+)\//);
  return match ? `keel ${match[1]}` : url;
}

const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);
const packages = new Map();
const functions = new Map();
for (const [id, micros] of selfMicros) {
  const node = byId.get(id);
  const frame = node.callFrame;
  const name = frame.functionName || '(anonymous)';
  if (name === '(idle)' || name === '(program)' || name === '(garbage collector)') {
    packages.set(name, (packages.get(name) ?? 0) + micros);
    functions.set(name, (functions.get(name) ?? 0) + micros);
    continue;
  }
  const pkg = packageOf(frame.url);
  packages.set(pkg, (packages.get(pkg) ?? 0) + micros);
  const shortUrl = frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/');
  const key = `${name}  ${shortUrl}:${frame.lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + micros);
}

const busy = total - (packages.get('(idle)') ?? 0);
const percent = (micros, of) => `${((micros / of) * 100).toFixed(1).padStart(5)}%`;
console.log(
  `${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (shares below are of busy time)\n`,
);
console.log('self time by package');
for (const [name, micros] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  if (name === '(idle)') continue;
  console.log(`  ${percent(micros, busy)}  ${name}`);
}
console.log('\nheaviest functions (self time)');
for (const [name, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  if (name === '(idle)') continue;
  console.log(`  ${percent(micros, busy)}  ${name}`);
}

// Inclusive time: each sample counts once for every distinct function on its stack.
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const inclusive = new Map();
for (let index = 0; index < profile.samples.length; index++) {
  const seen = new Set();
  for (let id = profile.samples[index]; id !== undefined; id = parent.get(id)) {
    const frame = byId.get(id).callFrame;
    if (!frame.url || frame.functionName === '(root)') continue;
    const shortUrl = frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/');
    seen.add(`${frame.functionName || '(anonymous)'}  ${shortUrl}:${frame.lineNumber + 1}`);
  }
  for (const key of seen) inclusive.set(key, (inclusive.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0));
}
console.log('\nheaviest functions (inclusive time, with what they call)');
for (const [name, micros] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`  ${percent(micros, busy)}  ${name}`);
}
