#!/usr/bin/env node
// Bundle budget gate (platform issue): the landing page's initial JavaScript —
// every module the prerendered / loads before any interaction — must stay at or
// under 120 KiB gzip, and none of wagmi, viem or recharts may be in it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const CLIENT = 'apps/web/build/client';
const BUDGET_KIB = 120;
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

// Entry points named by the page: module preloads, module scripts, and the
// imports of its inline bootstrap (static `import … from`, bare `import "…"`, `import("…")`).
const initial = new Set();
for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)) initial.add(match[1]);
for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g)) initial.add(match[1]);
for (const match of html.matchAll(/import\s*\(?\s*"\/([^"]+\.js)"/g)) initial.add(match[1]);
for (const match of html.matchAll(/from\s*"\/([^"]+\.js)"/g)) initial.add(match[1]);
// Plus everything those statically import (the browser fetches them before running).
const queue = [...initial];
while (queue.length > 0) {
  const file = queue.pop();
  for (const imported of byFile.get(file)?.imports ?? []) {
    const importedFile = manifest[imported]?.file;
    if (importedFile && !initial.has(importedFile)) {
      initial.add(importedFile);
      queue.push(importedFile);
    }
  }
}

let totalGzip = 0;
const problems = [];
const rows = [];
for (const file of [...initial].sort()) {
  const source = readFileSync(path.join(CLIENT, file));
  const gzip = gzipSync(source, { level: 9 }).length;
  totalGzip += gzip;
  const entry = byFile.get(file);
  rows.push(`  ${(gzip / 1024).toFixed(1).padStart(6)} KiB  ${file}${entry?.src ? `  (${entry.src})` : ''}`);
  const text = source.toString('utf8');
  for (const forbidden of FORBIDDEN) {
    if (forbidden.pattern.test(text) || (entry?.key ?? '').includes(forbidden.name)) {
      problems.push(`${forbidden.name} found in initial chunk ${file}`);
    }
  }
}

const totalKib = totalGzip / 1024;
console.log(
  `Landing page (/) initial JavaScript: ${totalKib.toFixed(1)} KiB gzip in ${initial.size} files (budget ${BUDGET_KIB} KiB)`,
);
console.log(rows.join('\n'));
if (totalKib > BUDGET_KIB) problems.push(`initial JS ${totalKib.toFixed(1)} KiB exceeds the ${BUDGET_KIB} KiB budget`);
if (problems.length > 0) {
  for (const problem of problems) console.error(`budget: FAIL — ${problem}`);
  process.exit(1);
}
console.log('budget: ok — no wagmi, viem, recharts or walletconnect in the landing page entry chunks');
