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
/** The Element Timing identifier of the frame's part the wallet answer reveals (features/dashboard/frame-timing.ts). */
const FRAME_REST_PAINTED = 'keel-frame-rest';
/** The longest a page waits for the paint it hydrates after before it hydrates anyway. */
const FIRST_PAINT_WAIT_MS = 1000;
const HYDRATE_AT_ONCE = new Set(['__spa-fallback.html', 'sign-in/index.html', 'get-started/index.html']);
/**
 * Head links a deferred page declares inside <noscript> and the bootstrap puts back before it hydrates: the
 * web app manifest. Chrome fetches a manifest right after DOMContentLoaded on a connection of its own, and
 * then its icon, both before the page's first paint on a slow link (docs/performance-log.md, "the head's own
 * requests"). Read
 * without scripting (validators, crawlers) the page still declares it; React finds it in place on hydrating.
 */
const AFTER_PAINT_LINK = /<link rel="manifest" href="[^"]+"\/>/;
const AFTER_PAINT_MARK = 'data-keel-after-paint';

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
  // A frame whose revealed part lost its Element Timing name would hydrate only on the 1 s fallback.
  if (html.includes(FRAME_MARK) && !html.includes(`elementtiming="${FRAME_REST_PAINTED}"`)) {
    throw new Error(`defer-hydration: ${file} is a signed-in frame without elementtiming="${FRAME_REST_PAINTED}"`);
  }
  const names = routes.map((route) => route.name).join(', ');
  const imports = routes.map((route) => `import(${JSON.stringify(route.url)})`).join(', ');
  return [
    // The links held back until now (AFTER_PAINT_LINK): a <noscript>'s text is its markup when scripts run.
    `const restoreHeadLinks = () => { for (const held of document.querySelectorAll("noscript[${AFTER_PAINT_MARK}]")) { held.insertAdjacentHTML("beforebegin", held.textContent); held.remove(); } };`,
    `const hydrate = () => Promise.resolve().then(restoreHeadLinks).then(() => import(${JSON.stringify(sideEffects[0])}))`,
    `.then(() => Promise.all([${imports}]))`,
    `.then(([${names}]) => { window.__reactRouterRouteModules = ${modules}; return import(${JSON.stringify(entry)}); });`,
    // Runs hydrate once, in a task of its own after the paint `waitForPaint` reports, or after
    // FIRST_PAINT_WAIT_MS (a background tab paints nothing until it is shown).
    `const hydrateAfter = (waitForPaint) => {`,
    `  let started = false;`,
    `  const start = () => { if (!started) { started = true; setTimeout(hydrate, 0); } };`,
    `  setTimeout(start, ${FIRST_PAINT_WAIT_MS});`,
    `  waitForPaint(start);`,
    `};`,
    // The next frame has been painted once a second animation frame begins.
    `const nextPaint = (then) => requestAnimationFrame(() => requestAnimationFrame(then));`,
    ...(html.includes(FRAME_MARK)
      ? [
          // A signed-in frame (scripts/preload-shell.mjs): after the server's answer about the linked wallet
          // (at most 3 s) and the paint of what it shows, so ~230 KiB of code does not share the phone's link
          // with the two small requests the largest paint waits for, nor start before that paint.
          // The frame's answer-dependent part names itself for Element Timing (features/dashboard/frame-timing.ts);
          // without that API, the frame after the next one. No mark (a signed-out visitor, a failed request):
          // nothing was revealed, hydrate at once (the protected layout sends a visitor to sign in).
          `const framePainted = (then) => {`,
          `  if (typeof PerformanceObserver !== "function" || !PerformanceObserver.supportedEntryTypes?.includes("element")) return nextPaint(then);`,
          `  new PerformanceObserver((entries, observer) => {`,
          `    if (!entries.getEntries().some((entry) => entry.identifier === ${JSON.stringify(FRAME_REST_PAINTED)})) return;`,
          `    observer.disconnect();`,
          `    then();`,
          `  }).observe({ type: "element", buffered: true });`,
          `};`,
          `const afterAnswer = () => (document.documentElement.hasAttribute("data-keel-wallet") ? hydrateAfter(framePainted) : hydrate());`,
          `const start = () => Promise.race([window.${FRAME_MARK}, new Promise((resolve) => setTimeout(resolve, 3000))]).then(afterAnswer);`,
          `if (document.readyState === "complete") start(); else addEventListener("load", start, { once: true });`,
        ]
      : [
          // A content page: after the load event and its first contentful paint, so the code is not
          // fetched while the page is still laying out and painting its content (docs/decisions/002).
          `const firstPaint = (then) => {`,
          `  if (typeof PerformanceObserver !== "function" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) return nextPaint(then);`,
          `  new PerformanceObserver((entries, observer) => {`,
          `    if (entries.getEntriesByName("first-contentful-paint").length === 0) return;`,
          `    observer.disconnect();`,
          `    then();`,
          `  }).observe({ type: "paint", buffered: true });`,
          `};`,
          `const start = () => hydrateAfter(firstPaint);`,
          `if (document.readyState === "complete") start(); else addEventListener("load", start, { once: true });`,
        ]),
  ].join('\n');
}

let pages = 0;
for (const file of htmlFiles(CLIENT)) {
  const html = readFileSync(file, 'utf8');
  const boot = html.match(BOOT);
  if (!boot) throw new Error(`defer-hydration: no bootstrap script in ${file}`);
  if (!AFTER_PAINT_LINK.test(html)) throw new Error(`defer-hydration: no web app manifest link in ${file}`);
  writeFileSync(
    file,
    html
      .replace(AFTER_PAINT_LINK, (link) => `<noscript ${AFTER_PAINT_MARK}="">${link}</noscript>`)
      .replace(BOOT, () => `<script type="module">${deferredBoot(boot[1], file, html)}</script>`),
  );
  pages += 1;
}
console.log(`defer-hydration: ${pages} prerendered pages hydrate after the load event (sign-in and sign-up at once)`);
