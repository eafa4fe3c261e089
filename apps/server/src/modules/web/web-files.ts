import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ORIGIN_PLACEHOLDER } from '@keel/core/paths';

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

function walk(dir: string, base: string, into: Map<string, WebFile>, origin: string): void {
  for (const entry of readdirSync(dir)) {
    // Build metadata (.vite/manifest.json) is for tooling, not for visitors.
    if (entry.startsWith('.')) continue;
    const absolute = path.join(dir, entry);
    if (statSync(absolute).isDirectory()) {
      walk(absolute, base, into, origin);
      continue;
    }
    const extension = path.extname(entry).toLowerCase();
    const raw = readFileSync(absolute);
    // Prerendered pages name the site by a placeholder origin (@keel/core/paths): APP_URL goes in its place.
    const body = extension === '.html' ? Buffer.from(raw.toString('utf8').replaceAll(ORIGIN_PLACEHOLDER, origin)) : raw;
    const urlPath = `/${path.relative(base, absolute).split(path.sep).join('/')}`;
    let gzip: Uint8Array<ArrayBuffer> | null | undefined;
    const compressible = COMPRESSIBLE.has(extension) && body.length > 1024;
    into.set(urlPath, {
      body: new Uint8Array(body),
      gzip: () => {
        if (gzip === undefined) gzip = compressible ? new Uint8Array(gzipSync(body, { level: 9 })) : null;
        return gzip;
      },
      contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
      immutable: urlPath.startsWith('/assets/'),
      scriptHashes: extension === '.html' ? inlineScriptHashes(body.toString('utf8')) : [],
    });
  }
}

/** The built web app, loaded into memory once at start-up (it is a few MB), its pages pointing at origin. */
export function loadWebFiles(buildDir: string, origin: string): Map<string, WebFile> {
  const files = new Map<string, WebFile>();
  if (existsSync(buildDir)) walk(buildDir, buildDir, files, origin);
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
