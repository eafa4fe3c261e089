import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import type { CompressedCopies } from './compressed-copies.js';
import { acceptedEncodings, webRoutes, type WebRequest } from './web.routes.js';
import { createHash } from 'node:crypto';
import { ORIGIN_PLACEHOLDER } from '@keel/core/paths';
import { SITE_PLACEHOLDERS } from '@keel/core/site-settings';

const ORIGIN = 'https://keel.example';
const SCRIPT = 'window.__boot = 1;';
const PAGE = `<!DOCTYPE html><html><head><link rel="canonical" href="${ORIGIN_PLACEHOLDER}/"/><script>${SCRIPT}</script></head><body>${'<p>Keel</p>'.repeat(200)}</body></html>`;
const SITE_SCRIPT = `window.__site = ["${SITE_PLACEHOLDERS.bonusStartsAt}", "${SITE_PLACEHOLDERS.bonusEndsAt}", "${SITE_PLACEHOLDERS.legalEntity}"];`;
const SITE_PAGE = `<!DOCTYPE html><html><head><script>${SITE_SCRIPT}</script></head><body><footer>© ${SITE_PLACEHOLDERS.legalEntity}</footer></body></html>`;
const ASSET = `export const x = "${'a'.repeat(4000)}";`;

let t: TestApp;
let buildDir: string;
beforeAll(async () => {
  buildDir = mkdtempSync(path.join(tmpdir(), 'keel-web-'));
  mkdirSync(path.join(buildDir, 'assets'));
  mkdirSync(path.join(buildDir, 'faq'));
  writeFileSync(path.join(buildDir, 'index.html'), PAGE);
  writeFileSync(path.join(buildDir, 'faq', 'index.html'), PAGE.replace('Keel', 'FAQ'));
  mkdirSync(path.join(buildDir, 'about'));
  writeFileSync(path.join(buildDir, 'about', 'index.html'), SITE_PAGE);
  writeFileSync(path.join(buildDir, '__spa-fallback.html'), '<!DOCTYPE html><html><body>shell</body></html>');
  writeFileSync(path.join(buildDir, 'assets', 'entry-AbCd1234.js'), ASSET);
  t = await createTestApp({
    env: {
      WEB_BUILD_DIR: buildDir,
      APP_URL: ORIGIN,
      BONUS_STARTS_AT: '2026-08-01T00:00:00Z',
      BONUS_ENDS_AT: '2026-09-01T00:00:00Z',
      LEGAL_ENTITY_NAME: 'Keel Labs Ltd.',
    },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(buildDir, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('serves a hashed asset in Brotli to a browser, cached for a year, with the security headers', async () => {
    const response = await t.app.request('/assets/entry-AbCd1234.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(brotliDecompressSync(body).toString()).toBe(ASSET);
  });

  it('serves it gzipped to a client that takes gzip and not Brotli', async () => {
    for (const acceptEncoding of ['gzip', 'gzip, deflate', 'br;q=0, gzip', 'BR; q=0 , GZIP;q=0.5']) {
      const response = await t.app.request('/assets/entry-AbCd1234.js', { headers: { 'accept-encoding': acceptEncoding } });
      expect(response.headers.get('content-encoding'), acceptEncoding).toBe('gzip');
      const body = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(body.length);
      expect(gunzipSync(body).toString()).toBe(ASSET);
    }
  });

  it('serves it plain to a client that does not take gzip, and 304 to one that has it', async () => {
    const plain = await t.app.request('/assets/entry-AbCd1234.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(ASSET);
    const again = await t.app.request('/assets/entry-AbCd1234.js', {
      headers: { 'if-none-match': plain.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('serves a prerendered page with a CSP that allows exactly its inline script', async () => {
    const response = await t.app.request('/faq');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('FAQ');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await t.app.request('/', { method: 'HEAD' });
    expect(response.status).toBe(200);
    const expected = PAGE.replaceAll(ORIGIN_PLACEHOLDER, ORIGIN);
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(expected)));
    expect(await response.text()).toBe('');
  });

  it('answers an unknown path with the app shell and status 404', async () => {
    const response = await t.app.request('/no-such-page');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('shell');
  });

  it('serves the three vault pages and answers 404 for any other vault id', async () => {
    expect((await t.app.request('/vaults/smart-savings')).status).toBe(200);
    const unknown = await t.app.request('/vaults/rainy-day-fund');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('shell');
  });
});

describe('content coding', () => {
  it('reads Accept-Encoding as RFC 9110 does: q=0 refuses a coding, * stands for the ones not named', () => {
    expect(acceptedEncodings(undefined)).toEqual({ br: false, gzip: false });
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual({ br: true, gzip: true });
    expect(acceptedEncodings('identity')).toEqual({ br: false, gzip: false });
    expect(acceptedEncodings('gzip;q=0, br;q=0.1')).toEqual({ br: true, gzip: false });
    expect(acceptedEncodings('*')).toEqual({ br: true, gzip: true });
    expect(acceptedEncodings('*;q=0, gzip')).toEqual({ br: false, gzip: true });
    expect(acceptedEncodings('br;q=nonsense, gzip')).toEqual({ br: false, gzip: true });
  });

  it('sends pages in Brotli: smaller than gzip, same ETag, 304 and HEAD as before', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'keel-web-brotli-'));
    mkdirSync(path.join(dir, 'faq'));
    // Varied text, so each coding gives its own size.
    const page = `<!DOCTYPE html><html><body>${Array.from({ length: 2000 }, (_, i) => `<p>${(i * 7919) % 1000}</p>`).join('')}</body></html>`;
    writeFileSync(path.join(dir, 'faq', 'index.html'), page);
    const web = webRoutes({
      buildDir: dir,
      csp: { isHttps: true, connectOrigins: [] },
      appUrl: ORIGIN,
      site: { bonusStartsAt: null, bonusEndsAt: null, legalEntity: 'Keel' },
    });
    try {
      await web.warmCompression();
      const request: WebRequest = { method: 'GET', ifNoneMatch: undefined, acceptEncoding: 'gzip, deflate, br' };
      const gzipped = web.answer('/faq', { ...request, acceptEncoding: 'gzip' });
      const answer = web.answer('/faq', request);
      expect(answer?.headers['Content-Encoding']).toBe('br');
      const brotli = answer?.body ?? new Uint8Array();
      expect(brotliDecompressSync(brotli).toString()).toBe(page);
      expect(answer?.headers['Content-Length']).toBe(String(brotli.length));
      expect(brotli.length).toBeLessThan(gzipped?.body?.length ?? 0);
      expect(answer?.headers.ETag).toBe(gzipped?.headers.ETag);
      // A client that revalidates gets its 304 whichever coding it was sent.
      expect(web.answer('/faq', { ...request, ifNoneMatch: answer?.headers.ETag })?.status).toBe(304);
      const head = web.answer('/faq', { ...request, method: 'HEAD' });
      expect(head?.body).toBeNull();
      expect(head?.headers['Content-Length']).toBe(String(brotli.length));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Brotli copies kept between starts', () => {
  /** An in-memory stand-in for DATA_DIR/compressed that counts what is written. */
  function memoryCopies() {
    const stored = new Map<string, Uint8Array<ArrayBuffer>>();
    const writes: string[] = [];
    const kept: string[][] = [];
    const copies: CompressedCopies = {
      read: (name) => stored.get(name) ?? null,
      write: (name, bytes) => {
        writes.push(name);
        stored.set(name, new Uint8Array(bytes));
      },
      keepOnly: (names) => {
        kept.push([...names].sort());
        for (const name of stored.keys()) if (!names.has(name)) stored.delete(name);
      },
    };
    return { copies, stored, writes, kept };
  }

  it('a restart sends the copies the last start stored, and never one that is not its file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'keel-web-copies-'));
    mkdirSync(path.join(dir, 'faq'));
    mkdirSync(path.join(dir, 'assets'));
    const page = `<!DOCTYPE html><html><body>${Array.from({ length: 500 }, (_, i) => `<p>${i}</p>`).join('')}</body></html>`;
    writeFileSync(path.join(dir, 'faq', 'index.html'), page);
    writeFileSync(path.join(dir, 'assets', 'entry-AbCd1234.js'), ASSET);
    const store = memoryCopies();
    const start = () =>
      webRoutes({
        buildDir: dir,
        csp: { isHttps: true, connectOrigins: [] },
        appUrl: ORIGIN,
        site: { bonusStartsAt: null, bonusEndsAt: null, legalEntity: 'Keel' },
        compressedCopies: store.copies,
      });
    const request: WebRequest = { method: 'GET', ifNoneMatch: undefined, acceptEncoding: 'br' };
    const bodyOf = (web: ReturnType<typeof webRoutes>, pathname: string) =>
      brotliDecompressSync(web.answer(pathname, request)?.body ?? new Uint8Array()).toString();
    try {
      // First start: the page is compressed and stored; the script is not asked for yet.
      const first = start();
      await first.warmCompression();
      expect(store.writes).toHaveLength(1);
      const [pageCopy] = store.writes;
      expect(bodyOf(first, '/faq')).toBe(page);
      expect(bodyOf(first, '/assets/entry-AbCd1234.js')).toBe(ASSET);
      expect(store.writes).toHaveLength(2);
      // Both files' names are kept: the script's copy serves the next start too.
      expect(store.kept.at(-1)).toEqual([...store.stored.keys()].sort());

      // A restart reads both and compresses nothing.
      const second = start();
      await second.warmCompression();
      expect(second.answer('/faq', request)?.body).toEqual(store.stored.get(pageCopy ?? ''));
      expect(bodyOf(second, '/assets/entry-AbCd1234.js')).toBe(ASSET);
      expect(store.writes).toHaveLength(2);

      // A damaged copy, and a whole Brotli stream of other bytes under the page's name: neither is sent.
      for (const impostor of [
        new Uint8Array([1, 2, 3, 4]),
        new Uint8Array(brotliCompressSync(Buffer.from('<p>not the page</p>'))),
      ]) {
        store.stored.set(pageCopy ?? '', impostor);
        const restarted = start();
        await restarted.warmCompression();
        expect(bodyOf(restarted, '/faq')).toBe(page);
        expect(brotliDecompressSync(store.stored.get(pageCopy ?? '') ?? new Uint8Array()).toString()).toBe(page);
      }
      expect(store.writes).toHaveLength(4);

      // A new build of the page is stored under a new name, and the old copy is removed.
      writeFileSync(path.join(dir, 'faq', 'index.html'), page.replace('<p>1</p>', '<p>one</p>'));
      const rebuilt = start();
      await rebuilt.warmCompression();
      expect(bodyOf(rebuilt, '/faq')).toContain('<p>one</p>');
      expect(store.stored.has(pageCopy ?? '')).toBe(false);
      expect(store.stored.size).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sharing and discovery', () => {
  it('lists every public page in sitemap.xml at APP_URL', async () => {
    const response = await t.app.request('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    for (const page of ['/', '/faq', '/legal/risk', '/get-started', '/sign-in']) {
      expect(xml).toContain(`<loc>${ORIGIN}${page}</loc>`);
    }
    expect(xml).not.toContain('/dashboard');
    expect(xml).not.toContain('/reset-password');
  });

  it('points crawlers at the sitemap and keeps them out of the API and signed-in pages', async () => {
    const robots = await (await t.app.request('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain('Disallow: /dashboard');
    expect(robots).not.toContain('Disallow: /get-started');
    // A parameter pattern is disallowed by its prefix ('/vaults' already covers '/vaults/:id').
    expect(robots).not.toContain(':id');
  });

  it('puts APP_URL in the absolute URLs of the prerendered pages', async () => {
    const html = await (await t.app.request('/')).text();
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/"/>`);
    expect(html).not.toContain(ORIGIN_PLACEHOLDER);
  });

  it('writes the bonus campaign window and the legal entity into the pages, with a CSP for the script as served', async () => {
    const response = await t.app.request('/about');
    const html = await response.text();
    const served = `window.__site = ["2026-08-01T00:00:00.000Z", "2026-09-01T00:00:00.000Z", "Keel Labs Ltd."];`;
    expect(html).toContain(`<script>${served}</script>`);
    expect(html).toContain('<footer>© Keel Labs Ltd.</footer>');
    expect(html).not.toContain('__KEEL_');
    const hash = createHash('sha256').update(served).digest('base64');
    expect(response.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
  });
});
