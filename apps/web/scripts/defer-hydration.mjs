#!/usr/bin/env node
// After the prerender: the prerendered pages start hydrating after the load event
// and their first paint instead of during the load (docs/decisions/002). Their content, styles and links
// need no JavaScript, so the first paint, the largest paint and the load event
// no longer share a phone's bandwidth with ~120 KiB of React and React Router;
// the page becomes interactive as soon as that code arrives after load.
//
// React Router writes one inline module script per page:
//   import "/assets/manifest-….js"; import * as route0 from "/assets/root-….js"; …
//   window.__reactRouterRouteModules = {…}; import("/assets/entry.client-….js");
// Static imports are fetched before the load event; the same imports made with
// import() after it are not. The order (manifest, routes, entry) is kept. Left
// alone: the client-rendered shell (__spa-fallback.html), which shows nothing
// until its code runs, and the pages whose first content is a form a visitor
// types into at once (sign-in, sign-up): there, every moment before hydration is
// a moment when typing and submitting would not reach React. The server's CSP
// hashes whatever inline script results.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The demo's own build (KEEL_DEMO_WALLET_KEY, react-router.config.ts) lives in build-demo/.
const CLIENT = path.resolve(import.meta.dirname, process.env.KEEL_DEMO_WALLET_KEY ? '../build-demo/client' : '../build/client');
const BOOT = /<script type="module" async="">([\s\S]*?)<\/script>/;
/** The promise a prerendered signed-in frame's head script sets (scripts/preload-shell.mjs). */
const FRAME_MARK = '__keelWalletAnswered';
/**
 * The longest a content page waits for its first paint after the load event before it hydrates anyway
 * (a background tab paints nothing until it is shown).
 */
const FIRST_PAINT_WAIT_MS = 1000;
const HYDRATE_AT_ONCE = new Set(['__spa-fallback.html', 'sign-in/index.html', 'get-started/index.html']);

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const absolute = path.join(dir, entry);
    if (statSync(absolute).isDirectory()) return entry === 'assets' ? [] : htmlFiles(absolute);
    const relative = path.relative(CLIENT, absolute).split(path.sep).join('/');
    return entry.endsWith('.html') && !HYDRATE_AT_ONCE.has(relative) ? [absolute] : [];
  });
}

/** The same bootstrap, run once the page has loaded. */
function deferredBoot(source, file, html) {
  const sideEffects = [...source.matchAll(/^import "([^"]+)";$/gm)].map((match) => match[1]);
  const routes = [...source.matchAll(/^import \* as (\w+) from "([^"]+)";$/gm)].map((match) => ({
    name: match[1],
    url: match[2],
  }));
  const modules = source.match(/window\.__reactRouterRouteModules = (\{[^;]*\});/)?.[1];
  const entry = source.match(/^import\("([^"]+)"\);$/m)?.[1];
  if (sideEffects.length !== 1 || routes.length === 0 || !modules || !entry) {
    throw new Error(`defer-hydration: unexpected bootstrap in ${file} (React Router changed its output?)`);
  }
  const names = routes.map((route) => route.name).join(', ');
  const imports = routes.map((route) => `import(${JSON.stringify(route.url)})`).join(', ');
  return [
    `const hydrate = () => import(${JSON.stringify(sideEffects[0])})`,
    `.then(() => Promise.all([${imports}]))`,
    `.then(([${names}]) => { window.__reactRouterRouteModules = ${modules}; return import(${JSON.stringify(entry)}); });`,
    ...(html.includes(FRAME_MARK)
      ? [
          // A signed-in frame (scripts/preload-shell.mjs): also after the server's answer about the linked
          // wallet has painted the frame's rest (at most 3 s), so ~230 KiB of code does not share the
          // phone's link with the two small requests the first paint waits for.
          `const start = () => Promise.race([window.${FRAME_MARK}, new Promise((resolve) => setTimeout(resolve, 3000))]).then(hydrate);`,
          `if (document.readyState === "complete") start(); else addEventListener("load", start, { once: true });`,
        ]
      : [
          // A content page: after the load event and its first paint (at most 1 s after load), so the code is
          // not fetched while the page is still laying out and painting its content (docs/decisions/002).
          `const afterFirstPaint = () => {`,
          `  let started = false;`,
          `  const start = () => { if (!started) { started = true; setTimeout(hydrate, 0); } };`,
          `  setTimeout(start, ${FIRST_PAINT_WAIT_MS});`,
          `  if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {`,
          `    new PerformanceObserver((entries, observer) => {`,
          `      if (entries.getEntriesByName("first-contentful-paint").length === 0) return;`,
          `      observer.disconnect();`,
          `      start();`,
          `    }).observe({ type: "paint", buffered: true });`,
          `  } else requestAnimationFrame(() => requestAnimationFrame(start));`,
          `};`,
          `if (document.readyState === "complete") afterFirstPaint(); else addEventListener("load", afterFirstPaint, { once: true });`,
        ]),
  ].join('\n');
}

let pages = 0;
for (const file of htmlFiles(CLIENT)) {
  const html = readFileSync(file, 'utf8');
  const boot = html.match(BOOT);
  if (!boot) throw new Error(`defer-hydration: no bootstrap script in ${file}`);
  writeFileSync(
    file,
    html.replace(BOOT, () => `<script type="module">${deferredBoot(boot[1], file, html)}</script>`),
  );
  pages += 1;
}
console.log(`defer-hydration: ${pages} prerendered pages hydrate after the load event (sign-in and sign-up at once)`);
