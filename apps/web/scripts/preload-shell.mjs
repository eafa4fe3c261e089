#!/usr/bin/env node
// After the build: the client-rendered shell (__spa-fallback.html, served for
// the signed-in and one-time pages) starts what the page will need as soon as
// its HTML is parsed, instead of one step after another (issue 13). Without it,
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
//    each takes it (lib/early-requests).
// The wallet code (wagmi, viem) is not preloaded: it stays lazy.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

// The demo's own build (KEEL_DEMO_WALLET_KEY, react-router.config.ts) lives in build-demo/.
const CLIENT = path.resolve(import.meta.dirname, process.env.KEEL_DEMO_WALLET_KEY ? '../build-demo/client' : '../build/client');
const SHELL = path.join(CLIENT, '__spa-fallback.html');
/** The GETs a signed-in page makes first; their consumers are in lib/early-requests' callers. */
const SIGNED_IN_REQUESTS = ['/api/auth/get-session', '/api/config', '/api/wallet'];
const PROTECTED_LAYOUT = 'layouts/protected';

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
for (const route of Object.values(routes)) {
  const chain = ancestry(route);
  const leafPattern = route.index || route.path ? pattern(chain) : null;
  if (!leafPattern) continue;
  // Prerendered pages have their own HTML and never get the shell.
  const urlPath = leafPattern.slice(1, -1);
  if (!urlPath.includes('[') && existsSync(path.join(CLIENT, urlPath, 'index.html'))) continue;
  if (urlPath === '/' || existsSync(path.join(CLIENT, `${urlPath}.html`))) continue;
  const files = new Set();
  for (const link of chain)
    for (const file of [link.module, ...(link.imports ?? [])]) if (file && !preloadedByShell.has(file)) files.add(file);
  entries.push({
    pattern: leafPattern,
    files: [...files],
    signedIn: chain.some((link) => link.id === PROTECTED_LAYOUT),
  });
}
if (!entries.some((entry) => entry.signedIn)) throw new Error('preload-shell: no signed-in route found in the manifest');

// Files shared by many pages are listed once and named by index.
const files = [...new Set(entries.flatMap((entry) => entry.files))];
const table = entries.map((entry) => [entry.pattern, entry.files.map((file) => files.indexOf(file)), entry.signedIn ? 1 : 0]);
const [SESSION, CONFIG, WALLET] = SIGNED_IN_REQUESTS;
const script =
  `(function(){var f=${JSON.stringify(files)},t=${JSON.stringify(table)},` +
  `p=location.pathname.replace(/\\/+$/,"")||"/";for(var i=0;i<t.length;i++){if(!new RegExp(t[i][0]).test(p))continue;` +
  `t[i][1].forEach(function(n){var l=document.createElement("link");l.rel="modulepreload";l.href=f[n];document.head.appendChild(l)});` +
  `if(t[i][2]){var r=window.__keelEarlyRequests={},get=function(u){return fetch(u,{credentials:"same-origin"}).then(function(x){` +
  // Read to the end at once: a response nobody takes (a page that does not need it) still finishes.
  `return x.text().then(function(b){return new Response(x.status===204?null:b,{status:x.status,statusText:x.statusText,headers:x.headers})})})};` +
  `r[${JSON.stringify(SESSION)}]=get(${JSON.stringify(SESSION)});r[${JSON.stringify(CONFIG)}]=get(${JSON.stringify(CONFIG)});` +
  // The linked wallet only for someone signed in: a signed-out visitor (sent to /sign-in) gets no 401.
  `r[${JSON.stringify(WALLET)}]=r[${JSON.stringify(SESSION)}].then(function(x){return x.clone().json()}).then(function(s){if(!s||!s.user)throw new Error("signed out");return get(${JSON.stringify(WALLET)})});` +
  `for(var u in r)r[u].catch(function(){})}break}})()`;

if (shell.includes('window.__keelEarlyRequests')) throw new Error('preload-shell: the shell already has its script');
if (!shell.includes('<meta charSet="utf-8"/>')) throw new Error('preload-shell: no <meta charSet> in the shell');
writeFileSync(SHELL, shell.replace('<meta charSet="utf-8"/>', `<script>${script}</script><meta charSet="utf-8"/>`));
console.log(
  `preload-shell: ${entries.length} client-rendered pages (${entries.filter((entry) => entry.signedIn).length} signed in), ${files.length} route files, ${script.length} bytes`,
);
