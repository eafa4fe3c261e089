import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { ORIGIN_PLACEHOLDER } from '@keel/core/paths';
import { SITE_PLACEHOLDERS } from '@keel/core/site-settings';
import type { CompressedCopies } from './compressed-copies.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.map', '.webmanifest']);

export type WebFile = {
  /** An exact-size copy, so each answer hands the adapter the bytes without copying them. */
  body: Uint8Array<ArrayBuffer>;
  /** Compressed on first request and kept: start-up stays fast. */
  gzip: () => Uint8Array<ArrayBuffer> | null;
  /**
   * The Brotli copy, made on first request like the gzip one (or by the warm-up after start) and kept;
   * null for files not worth compressing. See brotliQuality.
   */
  brotli: () => Uint8Array<ArrayBuffer> | null;
  /** What its Brotli copy is stored as between starts (compressed-copies.ts); null when it has none. */
  brotliCopyName: string | null;
  contentType: string;
  etag: string;
  /** Hashed build output: cached for a year and never revalidated. */
  immutable: boolean;
  /** sha256 sources of the file's inline scripts, for its CSP. */
  scriptHashes: string[];
};

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const content = match[1] ?? '';
    if (content.length > 0) hashes.add(`sha256-${createHash('sha256').update(content).digest('base64')}`);
  }
  return [...hashes];
}

/** Run-time values the prerendered pages carry placeholders for (the site's origin, core's site settings). */
export type PageValues = {
  origin: string;
  bonusStartsAt: string | null;
  bonusEndsAt: string | null;
  legalEntity: string;
};

/** Each placeholder and what goes in its place; an unset campaign date becomes '' (no banner). */
function substitutionsFor(values: PageValues): Array<[string, string]> {
  return [
    [ORIGIN_PLACEHOLDER, values.origin],
    [SITE_PLACEHOLDERS.bonusStartsAt, values.bonusStartsAt ?? ''],
    [SITE_PLACEHOLDERS.bonusEndsAt, values.bonusEndsAt ?? ''],
    [SITE_PLACEHOLDERS.legalEntity, values.legalEntity],
  ];
}

function substitute(html: string, substitutions: ReadonlyArray<[string, string]>): string {
  return substitutions.reduce((text, [placeholder, value]) => text.replaceAll(placeholder, value), html);
}

/**
 * Pages and stylesheets — what a first paint waits for — at quality 10: the landing page's 14.2 KB of
 * gzip become 11.6 KB and, with its headers, arrive in a new connection's first round trip (a TCP
 * initial window of 10 segments, ~14.6 KB). All 23 pages and the stylesheet take ~0.4 s, ≤ 36 ms
 * each, once per process (the warm-up after start); quality 11 would save 0.3 KB on the landing
 * page for ~1.1 s and up to 134 ms a file. Scripts, up to 377 KB, at quality 5: about what gzip -9
 * costs to make (~20 ms for the largest), ~7 % smaller than it.
 *
 * All of it on the main thread: compressing in libuv's thread pool kept ~20 MB of freed encoder memory
 * in the pool threads' malloc arenas (idle RSS 180–185 MB against 160–166; same with MALLOC_ARENA_MAX=1).
 */
function brotliQuality(extension: string): number {
  return extension === '.html' || extension === '.css' ? 10 : 5;
}

/** A window just large enough for the file: the same output as the default 4 MB one, far smaller encoder buffers. */
function brotliCompress(body: Uint8Array, extension: string, text: boolean): Uint8Array<ArrayBuffer> {
  const windowBits = Math.min(
    zlibConstants.BROTLI_MAX_WINDOW_BITS,
    Math.max(zlibConstants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(body.length + 1))),
  );
  const compressed = brotliCompressSync(body, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality(extension),
      [zlibConstants.BROTLI_PARAM_LGWIN]: windowBits,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [zlibConstants.BROTLI_PARAM_MODE]: text ? zlibConstants.BROTLI_MODE_TEXT : zlibConstants.BROTLI_MODE_GENERIC,
    },
  });
  return new Uint8Array(compressed);
}

/** Whether these bytes are a Brotli stream of exactly that body (a stored copy is only trusted once they are). */
function isBrotliOf(copy: Uint8Array, body: Uint8Array): boolean {
  try {
    return Buffer.from(brotliDecompressSync(copy, { maxOutputLength: body.length + 1 })).equals(body);
  } catch {
    return false;
  }
}

/**
 * The file's Brotli copy: the one a previous start stored if it still decompresses to this body, else a
 * new one, stored for the next start. Its name says what it was made from and how (the body's digest,
 * the quality, the mode), so a new build or a change of settings never finds an old copy under it.
 */
function brotliCopy(
  body: Uint8Array,
  name: string,
  extension: string,
  text: boolean,
  copies: CompressedCopies | undefined,
): Uint8Array<ArrayBuffer> {
  const stored = copies?.read(name);
  if (stored && isBrotliOf(stored, body)) return stored;
  const made = brotliCompress(body, extension, text);
  copies?.write(name, made);
  return made;
}

function brotliCopyName(digest: string, extension: string, text: boolean): string {
  return `${digest}.q${brotliQuality(extension)}${text ? 't' : 'g'}.br`;
}

type WalkContext = {
  base: string;
  into: Map<string, WebFile>;
  substitutions: ReadonlyArray<[string, string]>;
  copies: CompressedCopies | undefined;
};

function webFile(urlPath: string, body: Buffer, extension: string, copies?: CompressedCopies): WebFile {
  const compressible = COMPRESSIBLE.has(extension) && body.length > 1024;
  const contentType = CONTENT_TYPES[extension] ?? 'application/octet-stream';
  const text = !contentType.startsWith('image/');
  const hash = createHash('sha1').update(body).digest();
  // In hex for the stored copy's file name (base64url could start it with '-', which shell tools take for an option).
  const copyName = compressible ? brotliCopyName(hash.toString('hex'), extension, text) : null;
  let gzip: Uint8Array<ArrayBuffer> | null | undefined;
  let brotli: Uint8Array<ArrayBuffer> | null | undefined;
  return {
    body: new Uint8Array(body),
    gzip: () => {
      if (gzip === undefined) gzip = compressible ? new Uint8Array(gzipSync(body, { level: 9 })) : null;
      return gzip;
    },
    brotli: () => {
      if (brotli === undefined) brotli = copyName ? brotliCopy(body, copyName, extension, text, copies) : null;
      return brotli;
    },
    brotliCopyName: copyName,
    contentType,
    etag: `"${hash.toString('base64url').slice(0, 20)}"`,
    immutable: urlPath.startsWith('/assets/'),
    scriptHashes: extension === '.html' ? inlineScriptHashes(body.toString('utf8')) : [],
  };
}

function walk(dir: string, context: WalkContext): void {
  for (const entry of readdirSync(dir)) {
    // Build metadata (.vite/manifest.json) is for tooling, not for visitors.
    if (entry.startsWith('.')) continue;
    const absolute = path.join(dir, entry);
    if (statSync(absolute).isDirectory()) {
      walk(absolute, context);
      continue;
    }
    const extension = path.extname(entry).toLowerCase();
    const raw = readFileSync(absolute);
    // Prerendered pages name the site by a placeholder origin (@keel/core/paths) and carry placeholders for
    // the operator's site settings (@keel/core/site-settings): the configured values go in their place.
    const body = extension === '.html' ? Buffer.from(substitute(raw.toString('utf8'), context.substitutions)) : raw;
    const urlPath = `/${path.relative(context.base, absolute).split(path.sep).join('/')}`;
    context.into.set(urlPath, webFile(urlPath, body, extension, context.copies));
  }
}

/** The built web app, loaded into memory once at start-up (it is a few MB), its pages carrying the run-time values. */
export function loadWebFiles(buildDir: string, values: PageValues, copies?: CompressedCopies): Map<string, WebFile> {
  const files = new Map<string, WebFile>();
  if (existsSync(buildDir)) {
    walk(buildDir, { base: buildDir, into: files, substitutions: substitutionsFor(values), copies });
  }
  return files;
}

/** The prerendered page for a path, if the build made one. */
export function findPage(files: Map<string, WebFile>, pathname: string): WebFile | undefined {
  const trimmed = pathname.replace(/\/+$/, '');
  return files.get(`${trimmed}/index.html`) ?? files.get(`${trimmed}.html`);
}

export function findShell(files: Map<string, WebFile>): WebFile | undefined {
  return files.get('/__spa-fallback.html') ?? files.get('/index.html');
}
