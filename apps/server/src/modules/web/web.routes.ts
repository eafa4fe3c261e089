import { BARE_PATHS, isKnownPath, PRERENDERED_PATHS, PROTECTED_PATHS } from '@keel/core/paths';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { createHash } from 'node:crypto';
import type { AppEnv } from '../../lib/app-env.js';
import { buildContentSecurityPolicy, type SecurityHeaderOptions } from '../../middleware/security-headers.js';
import { findPage, findShell, loadWebFiles, type PageValues, type WebFile } from './web-files.js';
import { redactPath } from '../../lib/redact-path.js';

type HeaderRecord = Record<string, string>;

/** One file's answers with their headers worked out once, not per request. */
type PreparedFile = {
  file: WebFile;
  headers: HeaderRecord;
  /** Filled on the first gzip request (compression is lazy, see WebFile.gzip). */
  gzipHeaders: HeaderRecord | null | undefined;
};

function prepare(file: WebFile, csp: SecurityHeaderOptions): PreparedFile {
  const headers: HeaderRecord = {
    'Content-Type': file.contentType,
    ETag: file.etag,
    'Cache-Control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    Vary: 'Accept-Encoding',
  };
  if (file.contentType.startsWith('text/html')) {
    headers['Content-Security-Policy'] = buildContentSecurityPolicy(csp, file.scriptHashes);
  }
  return { file, headers, gzipHeaders: undefined };
}

function send(c: Context<AppEnv>, prepared: PreparedFile, status: 200 | 404) {
  const { file, headers } = prepared;
  if (status === 200 && c.req.header('if-none-match') === file.etag) {
    return c.body(null, 304, headers);
  }
  const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '') ? file.gzip() : null;
  if (gzip && prepared.gzipHeaders === undefined) {
    prepared.gzipHeaders = { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': String(gzip.length) };
  }
  const answer = gzip && prepared.gzipHeaders ? prepared.gzipHeaders : { ...headers, 'Content-Length': String(file.body.length) };
  if (c.req.method === 'HEAD') return c.body(null, status, answer);
  return c.body(gzip ?? file.body, status, answer);
}

/** The public pages (every prerendered one) for search engines, at APP_URL. */
export function buildSitemap(appUrl: string): string {
  const urls = PRERENDERED_PATHS.map((page) => `  <url><loc>${appUrl}${page === '/' ? '/' : page}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Crawl the public pages; keep out of the API, the signed-in pages and the one-time auth pages. */
export function buildRobots(appUrl: string): string {
  const privatePaths = ['/api/', ...PROTECTED_PATHS, ...BARE_PATHS.filter((page) => !PRERENDERED_PATHS.includes(page))];
  return [
    'User-agent: *',
    'Allow: /',
    ...privatePaths.map((page) => `Disallow: ${page}`),
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

function generatedFile(body: string, contentType: string): WebFile {
  const bytes = new Uint8Array(Buffer.from(body));
  return {
    body: bytes,
    gzip: () => null,
    contentType,
    etag: `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 20)}"`,
    immutable: false,
    scriptHashes: [],
  };
}

/**
 * Serves the built web app: files as built, prerendered pages by path, and the
 * app shell for client-rendered routes. Paths outside the route table get the
 * shell too (it renders the 404 page) but with status 404. Every file is held
 * in memory with its headers prepared at start-up.
 */
export function webRoutes(options: {
  buildDir: string;
  csp: SecurityHeaderOptions;
  appUrl: string;
  site: Omit<PageValues, 'origin'>;
}) {
  const files = loadWebFiles(options.buildDir, { origin: options.appUrl, ...options.site });
  const builtFileCount = files.size;
  files.set('/robots.txt', generatedFile(buildRobots(options.appUrl), 'text/plain; charset=utf-8'));
  files.set('/sitemap.xml', generatedFile(buildSitemap(options.appUrl), 'application/xml; charset=utf-8'));
  const prepared = new Map<WebFile, PreparedFile>();
  for (const file of files.values()) prepared.set(file, prepare(file, options.csp));
  const answerFor = (file: WebFile) => prepared.get(file) ?? prepare(file, options.csp);
  const shell = findShell(files);

  const app = new Hono<AppEnv>();
  app.on(['GET', 'HEAD'], '*', (c) => {
    const pathname = c.req.path;
    const asset = files.get(pathname);
    if (asset && !pathname.endsWith('.html')) return send(c, answerFor(asset), 200);
    const known = isKnownPath(pathname);
    const page = known ? findPage(files, pathname === '/' ? '' : pathname) : undefined;
    if (page) return send(c, answerFor(page), 200);
    if (!shell) {
      return c.text('The web app is not built. Run `npm run build` (npm start does this for you).', 503);
    }
    if (!known) c.get('logger').warn({ path: redactPath(pathname) }, 'page not found');
    return send(c, answerFor(shell), known ? 200 : 404);
  });
  return { app, fileCount: builtFileCount };
}
