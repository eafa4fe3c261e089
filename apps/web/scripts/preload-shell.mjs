#!/usr/bin/env node
// After the build: the client-rendered shell (__spa-fallback.html, served for
// the signed-in and one-time pages) starts what the page will need as soon as
// its HTML is parsed, instead of one step after another. Without it,
// /dashboard waited for the app's code, then fetched its route modules, then
// asked for the session, then for its data: four round trips in a row.
//
// A small script at the top of <head> (where React passes over foreign nodes,
// as it does for lib/early-submit) looks at location.pathname and
//  - adds <link rel="modulepreload"> for that page's route modules and their
//    imports (from React Router's manifest), beside the shell's own hints;
//  - on a signed-in page, starts the session and configuration requests, and the
//    linked wallet's once the session names someone; each is read to its end at
//    once (a response nobody takes does not stay open); the first query for
//    each takes it (lib/early-requests); the linked wallet's answer is marked
//    on <html data-keel-wallet="none|linked">, once the configuration has answered
//    too, and passkey accounts being on as <html data-keel-passkeys="on"> (the
//    dashboard frame, app.css).
// The prerendered frames of signed-in pages (core's SIGNED_IN_FRAME_PATHS,
// /dashboard) get the same requests in their own head, without module hints.
// The wallet code (wagmi, viem) is not preloaded: it stays lazy.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

// The demo's own build (KEEL_DEMO_WALLET_KEY, react-router.config.ts) lives in build-demo/.
const CLIENT = path.resolve(import.meta.dirname, process.env.KEEL_DEMO_WALLET_KEY ? '../build-demo/client' : '../build/client');
const SHELL = path.join(CLIENT, '__spa-fallback.html');
/** The GETs a signed-in page makes first; their consumers are in lib/early-requests' callers. */
const SIGNED_IN_REQUESTS = ['/api/auth/get-session', '/api/config', '/api/wallet'];
const PROTECTED_LAYOUT = 'layouts/protected';
/** Set on <html> to "none" or "linked" once the server has answered (app.css, dashboard-frame.tsx). */
const WALLET_MARK = 'data-keel-wallet';
/** Set on <html> to "on" when the server has passkey savings accounts on, before the wallet mark (app.css). */
const PASSKEYS_MARK = 'data-keel-passkeys';

const shell = readFileSync(SHELL, 'utf8');
const manifestUrl = shell.match(/import "(\/assets\/manifest-[^"]+\.js)";/)?.[1];
if (!manifestUrl) throw new Error('preload-shell: no route manifest import in the shell (React Router changed its output?)');
const manifestSource = readFileSync(path.join(CLIENT, manifestUrl), 'utf8');
const manifestJson = manifestSource.match(/^window\.__reactRouterManifest=(\{[\s\S]*\});?\s*$/)?.[1];
if (!manifestJson) throw new Error(`preload-shell: unexpected route manifest in ${manifestUrl}`);
const { routes } = JSON.parse(manifestJson);
const preloadedByShell = new Set([...shell.matchAll(/<link rel="modulepreload" href="([^"]+)"\/>/g)].map((match) => match[1]));

function ancestry(route) {
  const chain = [];
  for (let current = route; current; current = current.parentId ? routes[current.parentId] : undefined) chain.unshift(current);
  return chain;
}

/** The URL pattern of a route, from its own path and its ancestors' (`vaults/:id` → ^/vaults/[^/]+$). */
function pattern(chain) {
  const segments = chain.flatMap((route) => (route.path ? route.path.split('/') : [])).filter(Boolean);
  if (segments.some((segment) => segment === '*')) return null;
  const source = segments.map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return `^/${source.join('/')}$`;
}

const entries = [];
/** Prerendered frames of signed-in pages (core's SIGNED_IN_FRAME_PATHS). */
const framePages = [];
for (const route of Object.values(routes)) {
  const chain = ancestry(route);
  const leafPattern = route.index || route.path ? pattern(chain) : null;
  if (!leafPattern) continue;
  const signedIn = chain.some((link) => link.id === PROTECTED_LAYOUT);
  // Prerendered pages have their own HTML and never get the shell; a signed-in one (a prerendered frame)
  // gets the signed-in requests in its own head (below).
  const urlPath = leafPattern.slice(1, -1);
  if (!urlPath.includes('[') && existsSync(path.join(CLIENT, urlPath, 'index.html'))) {
    if (signedIn) framePages.push(path.join(CLIENT, urlPath, 'index.html'));
    continue;
  }
  if (urlPath === '/' || existsSync(path.join(CLIENT, `${urlPath}.html`))) continue;
  const files = new Set();
  for (const link of chain)
    for (const file of [link.module, ...(link.imports ?? [])]) if (file && !preloadedByShell.has(file)) files.add(file);
  entries.push({
    pattern: leafPattern,
    files: [...files],
    signedIn,
  });
}
if (!entries.some((entry) => entry.signedIn)) throw new Error('preload-shell: no signed-in route found in the manifest');

// Files shared by many pages are listed once and named by index.
const files = [...new Set(entries.flatMap((entry) => entry.files))];
const table = entries.map((entry) => [entry.pattern, entry.files.map((file) => files.indexOf(file)), entry.signedIn ? 1 : 0]);
const [SESSION, CONFIG, WALLET] = SIGNED_IN_REQUESTS;
/**
 * Starts the signed-in requests. Once the server has answered about the linked wallet, marks
 * <html data-keel-wallet="none|linked">: the dashboard's prerendered frame then shows its outlines, and
 * for "none" the first-run checklist the page shows every account without a linked wallet
 * (features/dashboard/components/dashboard-frame.tsx).
 */
const startRequests =
  `var r=window.__keelEarlyRequests={},get=function(u){return fetch(u,{credentials:"same-origin"}).then(function(x){` +
  // Read to the end at once: a response nobody takes (a page that does not need it) still finishes.
  `return x.text().then(function(b){return new Response(x.status===204?null:b,{status:x.status,statusText:x.statusText,headers:x.headers})})})};` +
  `r[${JSON.stringify(SESSION)}]=get(${JSON.stringify(SESSION)});r[${JSON.stringify(CONFIG)}]=get(${JSON.stringify(CONFIG)});` +
  // The linked wallet only for someone signed in: a signed-out visitor (sent to /sign-in) gets no 401.
  `r[${JSON.stringify(WALLET)}]=r[${JSON.stringify(SESSION)}].then(function(x){return x.clone().json()}).then(function(s){if(!s||!s.user)throw new Error("signed out");return get(${JSON.stringify(WALLET)})});` +
  // m settles once the mark is set (or will not be): what a prerendered frame waits for.
  // With the configuration's answer too, so the frame's checklist paints once, with or without the passkey button.
  `var j=function(u){return r[u].then(function(x){return x.ok?x.clone().json():null},function(){return null})},h=document.documentElement;` +
  `var m=Promise.all([j(${JSON.stringify(WALLET)}),j(${JSON.stringify(CONFIG)})]).then(function(a){var b=a[0],c=a[1];` +
  `if(c&&c.passkeyAccount&&c.passkeyAccount.enabled)h.setAttribute("${PASSKEYS_MARK}","on");` +
  `if(b&&"wallet"in b)h.setAttribute("${WALLET_MARK}",b.wallet===null?"none":"linked")});` +
  `for(var u in r)r[u].catch(function(){})`;
const script =
  `(function(){var f=${JSON.stringify(files)},t=${JSON.stringify(table)},` +
  `p=location.pathname.replace(/\\/+$/,"")||"/";for(var i=0;i<t.length;i++){if(!new RegExp(t[i][0]).test(p))continue;` +
  `t[i][1].forEach(function(n){var l=document.createElement("link");l.rel="modulepreload";l.href=f[n];document.head.appendChild(l)});` +
  `if(t[i][2]){${startRequests}}break}})()`;

const META = '<meta charSet="utf-8"/>';
/** The script first in <head>, where React passes over foreign nodes. */
function withHeadScript(file, html, source) {
  if (html.includes('window.__keelEarlyRequests')) throw new Error(`preload-shell: ${file} already has its script`);
  if (!html.includes(META)) throw new Error(`preload-shell: no <meta charSet> in ${file}`);
  return html.replace(META, `<script>${source}</script>${META}`);
}

writeFileSync(SHELL, withHeadScript(SHELL, shell, script));
// A prerendered frame paints from its HTML: it starts the requests but preloads no module (its code is
// fetched after the load event, scripts/defer-hydration.mjs, so it does not share the first round trips).
// window.__keelWalletAnswered settles once the frame knows what to show, the mark set or not
// (scripts/defer-hydration.mjs).
const frameScript = `(function(){${startRequests};window.__keelWalletAnswered=m.then(function(){},function(){})})()`;
for (const file of framePages) writeFileSync(file, withHeadScript(file, readFileSync(file, 'utf8'), frameScript));
console.log(
  `preload-shell: ${entries.length} client-rendered pages (${entries.filter((entry) => entry.signedIn).length} signed in), ${files.length} route files, ${script.length} bytes; ${framePages.length} prerendered signed-in frames, ${frameScript.length} bytes`,
);
