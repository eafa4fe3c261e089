#!/usr/bin/env node
// Bundle budget gate: the JavaScript the landing page fetches before
// its load event must stay at or under 110 KiB gzip, everything it fetches to
// hydrate (after load, apps/web/scripts/defer-hydration.mjs) at or under 125 KiB,
// and none of wagmi, viem, recharts or WalletConnect may be in either. And no
// file of the production build may hold the demo wallet (decision 010): neither its
// connector nor its key, which only `npm run demo`'s own build carries.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const CLIENT = 'apps/web/build/client';
const BEFORE_LOAD_BUDGET_KIB = 110;
const HYDRATION_BUDGET_KIB = 125;
const FORBIDDEN = [
  { name: 'wagmi', pattern: /wagmi@\d|from ?"wagmi"|WagmiProvider/ },
  { name: 'viem', pattern: /viem@\d|Version: viem/ },
  { name: 'recharts', pattern: /recharts/i },
  { name: 'walletconnect', pattern: /@walletconnect\//i },
];

const indexFile = path.join(CLIENT, 'index.html');
if (!existsSync(indexFile)) {
  console.error(`budget: ${indexFile} is missing — run npm run build first`);
  process.exit(1);
}
const html = readFileSync(indexFile, 'utf8');
const manifest = JSON.parse(readFileSync(path.join(CLIENT, '.vite/manifest.json'), 'utf8'));
const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, { key, ...chunk }]));

// Fetched before the load event: module preloads, module scripts, the static
// imports of inline module scripts, and the dynamic imports of a bootstrap that
// does not wait for the load event. A bootstrap that does (defer-hydration.mjs)
// fetches its imports after load.
const beforeLoad = new Set();
const afterLoad = new Set();
for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)) beforeLoad.add(match[1]);
for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g)) beforeLoad.add(match[1]);
for (const match of html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
  const source = match[1];
  for (const found of source.matchAll(/(?:from\s*|import\s+)"\/([^"]+\.js)"/g)) beforeLoad.add(found[1]);
  const deferred = /addEventListener\("load"/.test(source);
  for (const found of source.matchAll(/import\(\s*"\/([^"]+\.js)"\s*\)/g)) (deferred ? afterLoad : beforeLoad).add(found[1]);
}

/** A set of entry files plus everything they statically import (fetched before they run). */
function withStaticImports(entries) {
  const all = new Set(entries);
  const queue = [...all];
  while (queue.length > 0) {
    const file = queue.pop();
    for (const imported of byFile.get(file)?.imports ?? []) {
      const importedFile = manifest[imported]?.file;
      if (importedFile && !all.has(importedFile)) {
        all.add(importedFile);
        queue.push(importedFile);
      }
    }
  }
  return all;
}
const initial = withStaticImports(beforeLoad);
const hydration = withStaticImports([...beforeLoad, ...afterLoad]);

const gzipOf = new Map();
const problems = [];
const rows = [];
for (const file of [...hydration].sort()) {
  const source = readFileSync(path.join(CLIENT, file));
  const gzip = gzipSync(source, { level: 9 }).length;
  gzipOf.set(file, gzip);
  const entry = byFile.get(file);
  const when = initial.has(file) ? 'before load' : 'after load ';
  rows.push(`  ${(gzip / 1024).toFixed(1).padStart(6)} KiB  ${when}  ${file}${entry?.src ? `  (${entry.src})` : ''}`);
  const text = source.toString('utf8');
  for (const forbidden of FORBIDDEN) {
    if (forbidden.pattern.test(text) || (entry?.key ?? '').includes(forbidden.name)) {
      problems.push(`${forbidden.name} found in landing chunk ${file}`);
    }
  }
}

const kib = (files) => [...files].reduce((sum, file) => sum + (gzipOf.get(file) ?? 0), 0) / 1024;
const beforeLoadKib = kib(initial);
const hydrationKib = kib(hydration);
console.log(
  `Landing page (/) JavaScript before the load event: ${beforeLoadKib.toFixed(1)} KiB gzip in ${initial.size} files (budget ${BEFORE_LOAD_BUDGET_KIB} KiB)`,
);
console.log(
  `Landing page (/) JavaScript to hydrate, in all: ${hydrationKib.toFixed(1)} KiB gzip in ${hydration.size} files (budget ${HYDRATION_BUDGET_KIB} KiB)`,
);
console.log(rows.join('\n'));
if (beforeLoadKib > BEFORE_LOAD_BUDGET_KIB) {
  problems.push(`JS before load ${beforeLoadKib.toFixed(1)} KiB exceeds the ${BEFORE_LOAD_BUDGET_KIB} KiB budget`);
}
if (hydrationKib > HYDRATION_BUDGET_KIB) {
  problems.push(`JS to hydrate ${hydrationKib.toFixed(1)} KiB exceeds the ${HYDRATION_BUDGET_KIB} KiB budget`);
}
// The demo wallet (docs/decisions/010): its key and connector must be nowhere in the production build.
const demoWallet = JSON.parse(readFileSync('demo/demo-wallet.json', 'utf8'));
const DEMO_MARKERS = [
  { name: 'the demo wallet key', text: demoWallet.privateKey.slice(2).toLowerCase() },
  { name: 'the demo wallet connector', text: 'keelDemoWallet' },
  { name: 'the demo wallet button', text: 'Demo wallet' },
];
function filesUnder(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}
function demoMarkersIn(directory) {
  const found = [];
  for (const file of filesUnder(directory).filter((name) => /\.(js|html|json)$/.test(name))) {
    const text = readFileSync(file, 'utf8');
    for (const marker of DEMO_MARKERS) {
      const haystack = marker.name.endsWith('key') ? text.toLowerCase() : text;
      if (haystack.includes(marker.text)) found.push(`${marker.name} in ${file}`);
    }
  }
  return found;
}
const productionFiles = filesUnder(CLIENT).length;
for (const found of demoMarkersIn(CLIENT)) problems.push(`${found} (the production build must not carry the demo wallet)`);
console.log(`Demo wallet: looked for its key and connector in all ${productionFiles} files of ${CLIENT}`);
// Where the demo's own build exists, the same search must find the connector there: proof the markers are right.
const DEMO_CLIENT = 'apps/web/build-demo/client';
if (existsSync(DEMO_CLIENT) && !demoMarkersIn(DEMO_CLIENT).some((found) => found.startsWith('the demo wallet connector'))) {
  problems.push(`the demo build ${DEMO_CLIENT} has no demo wallet connector: the markers this check looks for are stale`);
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`budget: FAIL — ${problem}`);
  process.exit(1);
}
console.log(
  'budget: ok — no wagmi, viem, recharts or walletconnect in the landing page chunks, no demo wallet anywhere in the build',
);
