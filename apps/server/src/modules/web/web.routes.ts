import { ALL_PATHS, BARE_PATHS, isKnownPath, PRERENDERED_PATHS, PROTECTED_PATHS } from '@keel/core/paths';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { createHash } from 'node:crypto';
import type { AppEnv } from '../../lib/app-env.js';
import { buildContentSecurityPolicy, type SecurityHeaderOptions } from '../../middleware/security-headers.js';
import type { CompressedCopies } from './compressed-copies.js';
import { findPage, findShell, loadWebFiles, type PageValues, type WebFile } from './web-files.js';
import { redactPath } from '../../lib/redact-path.js';

export type HeaderRecord = Record<string, string>;

/** One file's answers with their headers worked out once, not per request. */
type PreparedFile = {
  file: WebFile;
  /** A 304's headers; the others add Content-Length (and Content-Encoding). */
  headers: HeaderRecord;
  plainHeaders: HeaderRecord;
  /** Filled on the first gzip request (compression is lazy, see WebFile.gzip). */
  gzipHeaders: HeaderRecord | undefined;
  /** Filled once the Brotli copy is there (WebFile.brotli). */
  brotliHeaders: HeaderRecord | undefined;
};

/** What the web app answers one GET or HEAD with. The header records are shared: never change them. */
export type WebAnswer =
  | { status: 304; headers: HeaderRecord; body: null }
  | { status: 200 | 404; headers: HeaderRecord; body: Uint8Array<ArrayBuffer> | null };

function respond(c: Context<AppEnv>, answer: WebAnswer) {
  if (answer.body === null) return c.body(null, answer.status, answer.headers);
  return c.body(answer.body, answer.status, answer.headers);
}

/** The request fields a web answer depends on. */
export type WebRequest = { method: string; ifNoneMatch: string | undefined; acceptEncoding: string | undefined };

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
  return {
    file,
    headers,
    plainHeaders: { ...headers, 'Content-Length': String(file.body.length) },
    gzipHeaders: undefined,
    brotliHeaders: undefined,
  };
}

/** Which of the codings Keel makes a client takes. */
export type AcceptedEncodings = { br: boolean; gzip: boolean };

const NO_ENCODING: AcceptedEncodings = { br: false, gzip: false };
/** Clients send a handful of distinct headers; parsed once each (bounded: the header is the client's to choose). */
const acceptedCache = new Map<string, AcceptedEncodings>();
const ACCEPTED_CACHE_SIZE = 64;
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** Reads Accept-Encoding (RFC 9110 12.5.3): a coding is taken unless its q is 0; `*` stands for codings not named. */
export function acceptedEncodings(header: string | undefined): AcceptedEncodings {
  if (!header) return NO_ENCODING;
  const cached = acceptedCache.get(header);
  if (cached) return cached;
  const quality = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding = '', ...parameters] = part.split(';');
    let q = 1;
    for (const parameter of parameters) {
      const match = /^\s*q\s*=\s*(\S*)\s*$/i.exec(parameter);
      // A malformed weight refuses the coding rather than guessing.
      if (match) q = QVALUE.test(match[1] ?? '') ? Number(match[1]) : 0;
    }
    quality.set(coding.trim().toLowerCase(), q);
  }
  const takes = (coding: string) => (quality.get(coding) ?? quality.get('*') ?? 0) > 0;
  const accepted = { br: takes('br'), gzip: takes('gzip') };
  if (acceptedCache.size < ACCEPTED_CACHE_SIZE) acceptedCache.set(header, accepted);
  return accepted;
}

function answerWith(prepared: PreparedFile, status: 200 | 404, request: WebRequest): WebAnswer {
  const { file } = prepared;
  if (status === 200 && request.ifNoneMatch === file.etag) return { status: 304, headers: prepared.headers, body: null };
  const accepted = acceptedEncodings(request.acceptEncoding);
  let headers = prepared.plainHeaders;
  let body = file.body;
  const brotli = accepted.br ? file.brotli() : null;
  const gzip = brotli === null && accepted.gzip ? file.gzip() : null;
  if (brotli) {
    prepared.brotliHeaders ??= { ...prepared.headers, 'Content-Encoding': 'br', 'Content-Length': String(brotli.length) };
    headers = prepared.brotliHeaders;
    body = brotli;
  } else if (gzip) {
    prepared.gzipHeaders ??= { ...prepared.headers, 'Content-Encoding': 'gzip', 'Content-Length': String(gzip.length) };
    headers = prepared.gzipHeaders;
    body = gzip;
  }
  if (request.method === 'HEAD') return { status, headers, body: null };
  return { status, headers, body };
}

/** The public pages (every prerendered one) for search engines, at APP_URL. */
export function buildSitemap(appUrl: string): string {
  const urls = PRERENDERED_PATHS.map((page) => `  <url><loc>${appUrl}${page === '/' ? '/' : page}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Crawl the public pages; keep out of the API, the signed-in pages and the one-time auth pages. */
export function buildRobots(appUrl: string): string {
  // A pattern with parameters ('/vaults/:id') is disallowed by its fixed prefix ('/vaults/').
  const privatePaths = [
    ...new Set(
      ['/api/', ...PROTECTED_PATHS, ...BARE_PATHS.filter((page) => !PRERENDERED_PATHS.includes(page))].map((page) =>
        page.replace(/:.*$/, ''),
      ),
    ),
  ];
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
    brotli: () => null,
    brotliCopyName: null,
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
  /** Where Brotli copies are kept between starts (DATA_DIR/compressed); none: made anew each start. */
  compressedCopies?: CompressedCopies;
}) {
  const files = loadWebFiles(options.buildDir, { origin: options.appUrl, ...options.site }, options.compressedCopies);
  const builtFileCount = files.size;
  files.set('/robots.txt', generatedFile(buildRobots(options.appUrl), 'text/plain; charset=utf-8'));
  files.set('/sitemap.xml', generatedFile(buildSitemap(options.appUrl), 'application/xml; charset=utf-8'));
  const prepared = new Map<WebFile, PreparedFile>();
  for (const file of files.values()) prepared.set(file, prepare(file, options.csp));
  const answerFor = (file: WebFile) => prepared.get(file) ?? prepare(file, options.csp);
  const shell = findShell(files);
  /**
   * The file each route without parameters is answered with, by its exact path: the route table's
   * match, a prerendered page or the shell, looked up once instead of per request (docs/performance-log.md, "what an
   * idle spell did to a restarted server").
   */
  const fileForRoute = (pathname: string) => findPage(files, pathname === '/' ? '' : pathname) ?? shell;
  const routeFiles = new Map<string, WebFile>();
  for (const path of ALL_PATHS) {
    const file = path.includes(':') ? undefined : fileForRoute(path);
    if (file) routeFiles.set(path, file);
  }

  /**
   * The answer for a path the route table knows (a file, a prerendered page or
   * the shell); null for one it does not, or when the app is not built — the
   * Hono route below answers those itself (it logs the miss).
   */
  const answer = (pathname: string, request: WebRequest): WebAnswer | null => {
    const asset = files.get(pathname);
    if (asset && !pathname.endsWith('.html')) return answerWith(answerFor(asset), 200, request);
    const routeFile = routeFiles.get(pathname);
    if (routeFile) return answerWith(answerFor(routeFile), 200, request);
    if (!isKnownPath(pathname)) return null;
    const file = fileForRoute(pathname);
    return file ? answerWith(answerFor(file), 200, request) : null;
  };

  const app = new Hono<AppEnv>();
  app.on(['GET', 'HEAD'], '*', (c) => {
    const pathname = c.req.path;
    const request = {
      method: c.req.method,
      ifNoneMatch: c.req.header('if-none-match'),
      acceptEncoding: c.req.header('accept-encoding'),
    };
    const known = answer(pathname, request);
    if (known) return respond(c, known);
    if (!shell) {
      return c.text('The web app is not built. Run `npm run build` (npm start does this for you).', 503);
    }
    c.get('logger').warn({ path: redactPath(pathname) }, 'page not found');
    return respond(c, answerWith(answerFor(shell), 404, request));
  });
  /**
   * Makes the Brotli copies of the pages and stylesheets (main.ts calls it once listening), one file
   * per event-loop turn so requests are answered in between: a first visitor's page and its CSS are
   * then sent in Brotli without waiting for it. Scripts are compressed when first asked for. A restart
   * reads the copies the last start stored instead of making them; then the stored copies no file of
   * this build and these settings would use are removed.
   */
  const warmCompression = async (): Promise<void> => {
    for (const [urlPath, file] of files) {
      if (!urlPath.endsWith('.html') && !urlPath.endsWith('.css')) continue;
      await new Promise((resolve) => setImmediate(resolve));
      file.brotli();
    }
    const names = new Set<string>();
    for (const file of files.values()) if (file.brotliCopyName) names.add(file.brotliCopyName);
    options.compressedCopies?.keepOnly(names);
  };
  return { app, fileCount: builtFileCount, answer, warmCompression };
}
