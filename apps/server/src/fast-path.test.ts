import { rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { ORIGIN_PLACEHOLDER } from '@keel/core/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastPath } from './fast-path.js';
import { createKeelServer } from './node-listener.js';
import { listenOn, writeWebBuild } from './test-support/web-build.js';
import { createTestApp, type TestApp } from './test-support/test-app.js';

const PAGE = `<!DOCTYPE html><html><head><link rel="canonical" href="${ORIGIN_PLACEHOLDER}/"/><script>window.__boot = 1;</script></head><body>${'<p>Keel</p>'.repeat(200)}</body></html>`;
const ORIGIN = 'https://keel.example';

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };
type LogLine = { msg: string; [key: string]: unknown };

function send(port: number, urlPath: string, method: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: urlPath, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Headers that differ between any two answers (the clock, the generated id). */
function comparable(headers: Raw['headers']) {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return rest;
}

let t: TestApp;
let buildDir: string;
const lines: string[] = [];
const servers: Server[] = [];
let honoPort = 0;
let fastPort = 0;
/** Whether the fast path took each request to the fast server, in order. */
const taken: boolean[] = [];

beforeAll(async () => {
  buildDir = writeWebBuild('keel-fast-', PAGE);
  writeFileSync(path.join(buildDir, 'assets', 'logo-AbCd1234.png'), Buffer.from([137, 80, 78, 71, 1, 2, 3]));
  // https: the HSTS header is part of what must match.
  t = await createTestApp({ logLines: lines, env: { WEB_BUILD_DIR: buildDir, APP_URL: ORIGIN } });
  // The listeners main.ts mounts; the Hono-only server's fast path never takes a request.
  const listen = (fastPath: FastPath) =>
    createKeelServer({ fastPath, fetch: t.app.fetch, errors: t.errorAnswers, logger: t.deps.logger });
  const honoServer = listen(() => false);
  const fastServer = listen((incoming, outgoing) => {
    const took = t.fastPath(incoming, outgoing);
    taken.push(took);
    return took;
  });
  servers.push(honoServer, fastServer);
  honoPort = await listenOn(honoServer);
  fastPort = await listenOn(fastServer);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await t.close();
  rmSync(buildDir, { recursive: true, force: true });
});

type Options = { method?: string; headers?: Record<string, string>; body?: string };

/** The same request through Hono alone and through the fast-path listener, with each one's log lines. */
async function both(urlPath: string, options: Options = {}) {
  const method = options.method ?? 'GET';
  const headers = options.headers ?? {};
  lines.length = 0;
  const viaHono = await send(honoPort, urlPath, method, headers, options.body);
  await expect.poll(() => lines.length).toBeGreaterThan(0);
  const honoLog = lines.map((line) => JSON.parse(line) as LogLine);
  lines.length = 0;
  const viaFast = await send(fastPort, urlPath, method, headers, options.body);
  await expect.poll(() => lines.length).toBeGreaterThan(0);
  const fastLog = lines.map((line) => JSON.parse(line) as LogLine);
  return { viaHono, viaFast, honoLog, fastLog, took: taken.at(-1) };
}

function withoutTiming(log: LogLine[]) {
  return log.map(({ time: _time, durationMs: _duration, requestId: _id, ...rest }) => rest);
}

/** Everything a client sees, and the log line, is the same on both listeners. */
async function expectSameAnswer(urlPath: string, options: Options = {}) {
  const result = await both(urlPath, options);
  expect(result.viaFast.status).toBe(result.viaHono.status);
  expect(comparable(result.viaFast.headers)).toEqual(comparable(result.viaHono.headers));
  expect(result.viaFast.body.equals(result.viaHono.body)).toBe(true);
  expect(result.viaFast.headers['x-request-id']).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
  expect(withoutTiming(result.fastLog)).toEqual(withoutTiming(result.honoLog));
  return result;
}

describe('the static fast path answers exactly as the Hono app does', () => {
  it.each([
    ['/assets/entry-AbCd1234.js', { 'accept-encoding': 'gzip, deflate, br' }, 'br'],
    ['/assets/entry-AbCd1234.js', { 'accept-encoding': 'gzip' }, 'gzip'],
    ['/assets/entry-AbCd1234.js', {}, undefined],
    ['/assets/logo-AbCd1234.png', { 'accept-encoding': 'gzip' }, undefined],
    ['/', { 'accept-encoding': 'gzip, br' }, 'br'],
    ['/', {}, undefined],
    ['/?utm_source=mail', { 'accept-encoding': 'gzip' }, 'gzip'],
    ['/faq', { 'accept-encoding': 'gzip' }, 'gzip'],
    // The shell of a client-rendered route (too small to be worth compressing).
    ['/dashboard', { 'accept-encoding': 'gzip' }, undefined],
    ['/robots.txt', {}, undefined],
  ])('GET %s %j', async (urlPath, headers, encoding) => {
    const result = await expectSameAnswer(urlPath, { headers });
    expect(result.took).toBe(true);
    expect(result.viaFast.status).toBe(200);
    expect(result.viaFast.headers['content-encoding']).toBe(encoding);
    expect(result.viaFast.headers['x-content-type-options']).toBe('nosniff');
    expect(result.viaFast.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(result.viaFast.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(result.fastLog.filter((line) => line.msg === 'request')).toHaveLength(1);
  });

  it('caches a hashed asset for a year and revalidates a prerendered page', async () => {
    const asset = await expectSameAnswer('/assets/entry-AbCd1234.js');
    expect(asset.viaFast.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await expectSameAnswer('/faq');
    expect(page.viaFast.headers['cache-control']).toBe('no-cache');
    expect(page.viaFast.headers['content-type']).toMatch(/^text\/html/);
    // A page's CSP allows its own inline script by hash; other files get the default one.
    expect(page.viaFast.headers['content-security-policy']).toContain("'sha256-");
    expect(asset.viaFast.headers['content-security-policy']).not.toContain("'sha256-");
  });

  it('answers a matching ETag with 304 and HEAD with headers only', async () => {
    const first = await both('/assets/entry-AbCd1234.js');
    const etag = String(first.viaFast.headers.etag);
    const notModified = await expectSameAnswer('/assets/entry-AbCd1234.js', { headers: { 'if-none-match': etag } });
    expect(notModified.took).toBe(true);
    expect(notModified.viaFast.status).toBe(304);
    expect(notModified.viaFast.body.length).toBe(0);
    const head = await expectSameAnswer('/faq', { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
    expect(head.took).toBe(true);
    expect(head.viaFast.body.length).toBe(0);
    expect(Number(head.viaFast.headers['content-length'])).toBeGreaterThan(0);
  });

  it('keeps a valid incoming request id and logs the client address', async () => {
    const result = await expectSameAnswer('/faq', { headers: { 'x-request-id': 'trace-12345678' } });
    expect(result.took).toBe(true);
    expect(result.viaFast.headers['x-request-id']).toBe('trace-12345678');
    expect(result.fastLog).toEqual([expect.objectContaining({ msg: 'request', requestId: 'trace-12345678', ip: '127.0.0.1' })]);
  });

  it('answers pipelined requests on one connection each with its own id and the exact bytes', async () => {
    const paths = ['/assets/entry-AbCd1234.js', '/assets/logo-AbCd1234.png', '/faq', '/'];
    const expected = await Promise.all(paths.map((urlPath) => send(honoPort, urlPath, 'GET', { 'accept-encoding': 'gzip' })));
    lines.length = 0;
    // All four requests in one write: the fast path answers them back to back on one socket.
    const raw = await new Promise<Buffer>((resolve, reject) => {
      const socket = connect(fastPort, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => resolve(Buffer.concat(chunks)));
      socket.on('error', reject);
      const requests = paths.map((urlPath, index) => {
        const close = index === paths.length - 1 ? 'Connection: close\r\n' : '';
        return `GET ${urlPath} HTTP/1.1\r\nHost: keel.example\r\nAccept-Encoding: gzip\r\n${close}\r\n`;
      });
      socket.write(requests.join(''));
    });
    const ids: string[] = [];
    let offset = 0;
    for (const answer of expected) {
      const headEnd = raw.indexOf('\r\n\r\n', offset);
      const head = raw.subarray(offset, headEnd).toString('latin1');
      expect(head.startsWith('HTTP/1.1 200 OK\r\n')).toBe(true);
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
      const body = raw.subarray(headEnd + 4, headEnd + 4 + length);
      expect(body.equals(answer.body)).toBe(true);
      ids.push(/\r\nx-request-id: ([^\r]+)/i.exec(head)?.[1] ?? '');
      offset = headEnd + 4 + length;
    }
    expect(offset).toBe(raw.length);
    expect(new Set(ids).size).toBe(paths.length);
    const logged = lines.map((line) => (JSON.parse(line) as LogLine).requestId);
    expect(logged).toEqual(ids);
  });

  it('leaves everything else to Hono: the API, unknown pages, URLs Hono rewrites, other methods, odd Hosts', async () => {
    const email = JSON.stringify({ email: 'fall-through@keel.test' });
    const signUp = { origin: ORIGIN, 'content-type': 'application/json' };
    const cases: [string, string, Options][] = [
      ['GET', '/api/config', {}],
      ['GET', '/api/health', {}],
      ['HEAD', '/api/health', {}],
      ['GET', '/no-such-page', {}],
      ['GET', '/faq%2F', {}],
      ['GET', '/assets/../index.html', {}],
      ['POST', '/', {}],
      ['GET', '/faq', { headers: { host: 'Keel.Example' } }],
    ];
    for (const [method, urlPath, options] of cases) {
      const result = await both(urlPath, { method, ...options });
      expect(result.took, `${method} ${urlPath}`).toBe(false);
      expect(result.viaFast.status, `${method} ${urlPath}`).toBe(result.viaHono.status);
    }
    // A sign-up is Hono's on both: the first subscribes the email, the second finds it already there.
    for (const urlPath of ['/api/newsletter', '/api/waitlist']) {
      const result = await both(urlPath, { method: 'POST', headers: signUp, body: email });
      expect(result.took, urlPath).toBe(false);
      expect([result.viaHono.status, result.viaFast.status]).toEqual([201, 200]);
      expect(withoutTiming(result.fastLog)).toEqual(withoutTiming(result.honoLog).map((line) => ({ ...line, status: 200 })));
    }
  });
});
