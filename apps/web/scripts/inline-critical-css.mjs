#!/usr/bin/env node
// After the prerender: each prerendered page carries the part of the stylesheet
// its own markup needs in a <style> (critical-css.mjs), and the full stylesheet
// stops blocking the first paint (issue 13). On the mobile preset the blocking
// stylesheet was a round trip plus 10 KiB before anything could paint.
//
// The <link rel="stylesheet"> stays where React Router rendered it — React
// hydrates the head against it (rel and href; decision 002: a head mismatch
// makes React discard the server HTML) — but as media="print", which the
// browser fetches without waiting for it. A small script at the top of <head>
// (where React passes over foreign nodes, as it does for lib/early-submit)
// turns it to media="all" at the load event: from then on, everything
// JavaScript may render (menus, toasts, form errors, other routes) is styled.
// Nothing renders before load but the HTML itself, the theme class and the
// site-settings attributes, which the critical part covers.
//
// Left alone: the client-rendered shell (__spa-fallback.html), which paints
// nothing before its JavaScript has run and keeps the cached stylesheet.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { classesInHtml, criticalCss } from './critical-css.mjs';

// The demo's own build (KEEL_DEMO_WALLET_KEY, react-router.config.ts) lives in build-demo/.
const CLIENT = path.resolve(import.meta.dirname, process.env.KEEL_DEMO_WALLET_KEY ? '../build-demo/client' : '../build/client');
const STYLESHEET = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/>/g;
const ATTRIBUTE = 'data-deferred-style';
const ENABLE_SCRIPT = `addEventListener("load",function(){for(var l of document.querySelectorAll("link[${ATTRIBUTE}]"))l.media="all"})`;

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const absolute = path.join(dir, entry);
    if (statSync(absolute).isDirectory()) return entry === 'assets' ? [] : htmlFiles(absolute);
    return entry.endsWith('.html') && entry !== '__spa-fallback.html' ? [absolute] : [];
  });
}

const sheets = new Map();
function sheet(href) {
  if (!sheets.has(href)) sheets.set(href, readFileSync(path.join(CLIENT, href), 'utf8'));
  return sheets.get(href);
}

let pages = 0;
let inlinedBytes = 0;
for (const file of htmlFiles(CLIENT)) {
  const html = readFileSync(file, 'utf8');
  const classes = classesInHtml(html);
  let found = 0;
  const withStyles = html.replace(STYLESHEET, (_, href) => {
    found += 1;
    const critical = criticalCss(sheet(href), classes);
    if (/<\/style/i.test(critical)) throw new Error(`inline-critical-css: ${href} contains '</style'`);
    inlinedBytes += critical.length;
    return `<style>${critical}</style><link rel="stylesheet" href="${href}" media="print" ${ATTRIBUTE}=""/>`;
  });
  if (found === 0) throw new Error(`inline-critical-css: no stylesheet link in ${file} (React Router changed its output?)`);
  if (!withStyles.includes('<meta charSet="utf-8"/>')) {
    throw new Error(`inline-critical-css: no <meta charSet> in ${file} (React Router changed its output?)`);
  }
  // Beside lib/early-submit's script, before anything React renders into the head.
  writeFileSync(file, withStyles.replace('<meta charSet="utf-8"/>', `<script>${ENABLE_SCRIPT}</script><meta charSet="utf-8"/>`));
  pages += 1;
}
console.log(
  `inline-critical-css: ${pages} pages, ${Math.round(inlinedBytes / pages / 1024)} KiB of CSS inlined per page on average`,
);
