import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ORIGIN_PLACEHOLDER } from '@keel/core/paths';
import { SITE_PLACEHOLDERS } from '@keel/core/site-settings';

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

function walk(dir: string, base: string, into: Map<string, WebFile>, substitutions: ReadonlyArray<[string, string]>): void {
  for (const entry of readdirSync(dir)) {
    // Build metadata (.vite/manifest.json) is for tooling, not for visitors.
    if (entry.startsWith('.')) continue;
    const absolute = path.join(dir, entry);
    if (statSync(absolute).isDirectory()) {
      walk(absolute, base, into, substitutions);
      continue;
    }
    const extension = path.extname(entry).toLowerCase();
    const raw = readFileSync(absolute);
    // Prerendered pages name the site by a placeholder origin (@keel/core/paths) and carry placeholders for
    // the operator's site settings (@keel/core/site-settings): the configured values go in their place.
    const body = extension === '.html' ? Buffer.from(substitute(raw.toString('utf8'), substitutions)) : raw;
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

/** The built web app, loaded into memory once at start-up (it is a few MB), its pages carrying the run-time values. */
export function loadWebFiles(buildDir: string, values: PageValues): Map<string, WebFile> {
  const files = new Map<string, WebFile>();
  if (existsSync(buildDir)) walk(buildDir, buildDir, files, substitutionsFor(values));
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
