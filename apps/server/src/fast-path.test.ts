import { rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { ORIGIN_PLACEHOLDER } from '@keel/core/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastPath } from './fast-path.js';
import { createKeelServer } from './node-listener.js';
import { READINESS_TTL_MS } from './modules/health/check-database.js';
import { createSignedInUser } from './test-support/auth.js';
import { listenOn, writeWebBuild } from './test-support/web-build.js';
import { createTestApp, type TestApp } from './test-support/test-app.js';

const PAGE = `<!DOCTYPE html><html><head><link rel="canonical" href="${ORIGIN_PLACEHOLDER}/"/><script>window.__boot = 1;</script></head><body>${'<p>Keel</p>'.repeat(200)}</body></html>`;

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };
type LogLine = { msg: string; [key: string]: unknown };

function get(port: number, urlPath: string, method: string, headers: Record<string, string>, body?: string): Promise<Raw> {
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
  t = await createTestApp({ logLines: lines, env: { WEB_BUILD_DIR: buildDir, APP_URL: 'https://keel.example' } });
  // The listeners main.ts mounts; the Hono-only server's fast path never takes a request.
  const listen = (fastPath: FastPath) => {
    return createKeelServer({ fastPath, fetch: t.app.fetch, errors: t.errorAnswers, logger: t.deps.logger });
  };
  const honoServer = listen(() => false);
  const fastServer = listen((incoming, outgoing, handOn) => {
    const took = t.fastPath(incoming, outgoing, handOn);
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

/** The same request through Hono and through the fast-path listener: everything a client sees and the log line. */
async function both(urlPath: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  const method = options.method ?? 'GET';
  const headers = options.headers ?? {};
  lines.length = 0;
  const viaHono = await get(honoPort, urlPath, method, headers);
  const honoLog = lines.map((line) => JSON.parse(line) as LogLine);
  lines.length = 0;
  const viaFast = await get(fastPort, urlPath, method, headers);
  const fastLog = lines.map((line) => JSON.parse(line) as LogLine);
  return { viaHono, viaFast, honoLog, fastLog, took: taken.at(-1) };
}

function withoutTiming(log: LogLine[]) {
  return log.map(({ time: _time, durationMs: _duration, requestId: _id, ...rest }) => rest);
}

async function expectSameAnswer(urlPath: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  const result = await both(urlPath, options);
  expect(result.viaFast.status).toBe(result.viaHono.status);
  expect(comparable(result.viaFast.headers)).toEqual(comparable(result.viaHono.headers));
  expect(result.viaFast.body.equals(result.viaHono.body)).toBe(true);
  expect(result.viaFast.headers['x-request-id']).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
  expect(withoutTiming(result.fastLog)).toEqual(withoutTiming(result.honoLog));
  return result;
}

describe('the listener fast path answers exactly as the Hono app does', () => {
  it.each([
    ['/assets/entry-AbCd1234.js', { 'accept-encoding': 'gzip, deflate, br' }],
    ['/assets/entry-AbCd1234.js', {}],
    ['/assets/logo-AbCd1234.png', { 'accept-encoding': 'gzip' }],
    ['/', { 'accept-encoding': 'gzip' }],
    ['/', {}],
    ['/?utm_source=mail', { 'accept-encoding': 'gzip' }],
    ['/faq', { 'accept-encoding': 'gzip' }],
    ['/faq/', {}],
    ['/dashboard', { 'accept-encoding': 'gzip' }],
    ['/robots.txt', {}],
    ['/api/config', {}],
    ['/api/config', { cookie: 'theme=dark' }],
  ])('GET %s %j', async (urlPath, headers) => {
    const result = await expectSameAnswer(urlPath, { headers });
    expect(result.took).toBe(true);
    expect(result.viaFast.status).toBe(200);
    expect(result.viaFast.headers['x-content-type-options']).toBe('nosniff');
    expect(result.viaFast.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(result.viaFast.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(result.fastLog.filter((line) => line.msg === 'request')).toHaveLength(1);
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
  });

  it('keeps a valid incoming request id and logs the client address', async () => {
    const result = await expectSameAnswer('/api/config', { headers: { 'x-request-id': 'trace-12345678' } });
    expect(result.took).toBe(true);
    expect(result.viaFast.headers['x-request-id']).toBe('trace-12345678');
    expect(result.fastLog).toEqual([expect.objectContaining({ msg: 'request', requestId: 'trace-12345678', ip: '127.0.0.1' })]);
  });

  it('answers pipelined requests on one connection each with its own id and the exact bytes', async () => {
    const paths = ['/assets/entry-AbCd1234.js', '/assets/logo-AbCd1234.png', '/api/config', '/'];
    const expected = await Promise.all(paths.map((urlPath) => get(honoPort, urlPath, 'GET', { 'accept-encoding': 'gzip' })));
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

  it('answers GET /api/config with a session cookie as Hono does, which reads no session for it', async () => {
    const { cookie } = await createSignedInUser(t);
    const result = await expectSameAnswer('/api/config', { headers: { cookie } });
    expect(result.took).toBe(true);
    expect(result.viaFast.headers['set-cookie']).toBeUndefined();
    expect(result.viaFast.headers['cache-control']).toBe('no-cache');
  });

  it('answers GET /api/health from a fresh database ping and leaves a stale one to Hono, which pings', async () => {
    const clock = t.deps.now;
    const frozen = clock();
    // A clock that moves only when told, so "fresh" cannot run out between two requests on a busy machine.
    let at = frozen + READINESS_TTL_MS;
    t.deps.now = () => at;
    try {
      // Whatever was pinged before is stale: the fast listener declines, and Hono pings.
      const stale = await get(fastPort, '/api/health', 'GET', {});
      expect(taken.at(-1)).toBe(false);
      expect(stale.status).toBe(200);
      // Fresh: the same answer through both listeners, the fast path taking it.
      const fresh = await expectSameAnswer('/api/health');
      expect(fresh.took).toBe(true);
      expect(fresh.viaFast.status).toBe(200);
      expect(JSON.parse(fresh.viaFast.body.toString('utf8'))).toEqual({ status: 'ok', database: 'up' });
      expect(fresh.viaFast.headers['cache-control']).toBe('no-store');
      expect(fresh.viaFast.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      // A signed-in page's check: the session is not read on either path, so the answer is the same.
      const { cookie } = await createSignedInUser(t);
      const signedIn = await expectSameAnswer('/api/health', { headers: { cookie } });
      expect(signedIn.took).toBe(true);
      expect(signedIn.viaFast.headers['set-cookie']).toBeUndefined();
      // A second later it is stale again.
      at += READINESS_TTL_MS;
      await get(fastPort, '/api/health', 'GET', {});
      expect(taken.at(-1)).toBe(false);
    } finally {
      t.deps.now = clock;
    }
  });

  it('leaves to Hono what it cannot answer the same way', async () => {
    const { cookie } = await createSignedInUser(t);
    const cases: [string, string, Record<string, string>][] = [
      ['GET', '/api/config?x=1', {}],
      ['HEAD', '/api/config', {}],
      ['GET', '/api/health?x=1', {}],
      ['GET', '/api/wallet', { cookie }],
      ['HEAD', '/api/health', {}],
      ['GET', '/no-such-page', {}],
      ['GET', '/faq%2F', {}],
      ['GET', '/assets/../index.html', {}],
      ['POST', '/', {}],
    ];
    for (const [method, urlPath, headers] of cases) {
      const result = await both(urlPath, { method, headers });
      expect(result.took, `${method} ${urlPath}`).toBe(false);
      expect(result.viaFast.status).toBe(result.viaHono.status);
    }
  });
});

/** A Hono-only listener and a fast-path listener over one test app, as main.ts mounts them. */
async function listenBoth(app: TestApp) {
  const listen = (fastPath: FastPath) =>
    createKeelServer({ fastPath, fetch: app.app.fetch, errors: app.errorAnswers, logger: app.deps.logger });
  /** Whether the fast path took each request to the fast listener, in order. */
  const took: boolean[] = [];
  const honoServer = listen(() => false);
  const fastServer = listen((incoming, outgoing, handOn) => {
    const answered = app.fastPath(incoming, outgoing, handOn);
    took.push(answered);
    return answered;
  });
  return {
    hono: await listenOn(honoServer),
    fast: await listenOn(fastServer),
    took,
    close: () => Promise.all([honoServer, fastServer].map((server) => new Promise((resolve) => server.close(resolve)))),
  };
}

describe('GET /api/health with the database down', () => {
  it('answers 503 the same way through the fast path, from the failed ping', async () => {
    const down = await createTestApp({ logLines: [] });
    const at = down.deps.now();
    down.deps.now = () => at;
    const servers = await listenBoth(down);
    try {
      await down.close();
      const viaHono = await get(servers.hono, '/api/health', 'GET', {});
      const viaFast = await get(servers.fast, '/api/health', 'GET', {});
      expect(servers.took.at(-1)).toBe(true);
      expect(viaHono.status).toBe(503);
      expect(viaFast.status).toBe(503);
      expect(JSON.parse(viaFast.body.toString('utf8'))).toEqual({ status: 'degraded', database: 'down' });
      expect(viaFast.body.equals(viaHono.body)).toBe(true);
      expect(comparable(viaFast.headers)).toEqual(comparable(viaHono.headers));
    } finally {
      await servers.close();
    }
  });
});

/**
 * Writes raw bytes to a fresh connection and reads until the server closes it. halfClose: end the
 * client's side after writing. A client that does so before an answer that waits for the database gets
 * none (Node aborts the request), so those requests end in Connection: close instead.
 */
function rawExchange(port: number, bytes: string, halfClose = true): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
    if (halfClose) socket.end(bytes);
    else socket.write(bytes);
  });
}

/** rawExchange without the half-close. */
const exchangeOpen = (port: number, bytes: string) => rawExchange(port, bytes, false);

function parseRaw(raw: string) {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

describe('requests neither path can route get Keel JSON error, with every header and a log line', () => {
  it('answers a Host header the URL parser refuses with the same 400 on both paths (the fast path leaves it to Hono)', async () => {
    for (const host of ['a b', 'evil.example/x', 'user@evil.example']) {
      const result = await expectSameAnswer('/faq', { headers: { host } });
      expect(result.took, host).toBe(false);
      expect(result.viaFast.status).toBe(400);
      expect(JSON.parse(result.viaFast.body.toString('utf8'))).toMatchObject({ error: { code: 'BAD_REQUEST' } });
      expect(result.viaFast.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(result.viaFast.headers['x-content-type-options']).toBe('nosniff');
      expect(result.viaFast.headers['cache-control']).toBe('no-store');
      expect(result.fastLog).toEqual([expect.objectContaining({ msg: 'request', status: 400, path: '/faq' })]);
    }
    // A Host it parses is served as before: the fast path for the plain form, Hono (same answer) for the rest.
    expect((await expectSameAnswer('/faq', { headers: { host: 'keel.example' } })).took).toBe(true);
    const upper = await expectSameAnswer('/faq', { headers: { host: 'Keel.Example' } });
    expect([upper.took, upper.viaFast.status]).toEqual([false, 200]);
  });

  it.each([
    ['an asterisk-form target', 'OPTIONS * HTTP/1.1\r\nHost: keel.example\r\n\r\n'],
    ['a backslash in the path', 'GET /vaults/smart-savings\\ HTTP/1.1\r\nHost: keel.example\r\n\r\n'],
  ])('answers %s with a JSON 400 instead of an empty one', async (_name, bytes) => {
    lines.length = 0;
    const answer = parseRaw(await rawExchange(fastPort, bytes));
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 'BAD_REQUEST', message: expect.stringMatching(/^Malformed request: /) },
    });
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const logged = lines.map((line) => JSON.parse(line) as LogLine);
    expect(logged).toEqual([expect.objectContaining({ msg: 'request', status: 400, requestId: answer.headers['x-request-id'] })]);
  });

  it('answers an HTTP/1.1 request without a Host header with a JSON 400 (HTTP/1.0 needs none)', async () => {
    const missing = parseRaw(await rawExchange(fastPort, 'GET /faq HTTP/1.1\r\nConnection: close\r\n\r\n'));
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.body)).toEqual({
      error: { code: 'BAD_REQUEST', message: 'Malformed request: missing Host header' },
    });
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    const old = parseRaw(await rawExchange(fastPort, 'GET /faq HTTP/1.0\r\n\r\n'));
    expect(old.status).toBe(200);
  });

  it.each([
    [
      'two different Content-Lengths',
      'POST /api/waitlist HTTP/1.1\r\nHost: keel.example\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
      400,
      'BAD_REQUEST',
    ],
    [
      'a header with a control character',
      'GET /faq HTTP/1.1\r\nHost: keel.example\r\nX-Bad: a\u0001b\r\n\r\n',
      400,
      'BAD_REQUEST',
    ],
    [
      'headers over the size limit',
      `GET /faq HTTP/1.1\r\nHost: keel.example\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`,
      431,
      'REQUEST_HEADERS_TOO_LARGE',
    ],
  ])('answers a request Node cannot parse (%s) with a JSON %i, then closes', async (_name, bytes, status, code) => {
    lines.length = 0;
    const answer = parseRaw(await rawExchange(fastPort, bytes));
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code } });
    expect(answer.headers.connection).toBe('close');
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(lines.map((line) => JSON.parse(line) as LogLine)).toEqual([expect.objectContaining({ msg: 'request', status })]);
    // And the server goes on serving.
    expect((await get(fastPort, '/api/health', 'GET', {})).status).toBe(200);
  });
});

/** What the web client sends with a sign-up: Keel's origin, plain JSON, a length. */
function signUpHeaders(origin: string, body: string, extra: Record<string, string> = {}): Record<string, string> {
  return { origin, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...extra };
}

describe('the fast path answers waitlist and newsletter sign-ups exactly as the Hono routes do', () => {
  const ORIGIN = 'https://keel.example';
  let app: TestApp;
  let servers: Awaited<ReturnType<typeof listenBoth>>;
  let hono = 0;
  let fast = 0;
  let took: boolean[] = [];
  const logLines: string[] = [];

  beforeAll(async () => {
    // Two sign-ups per window per client: the limiter's own answers are compared too.
    app = await createTestApp({ logLines, env: { APP_URL: ORIGIN, LIMIT_FORMS_IP_MAX: '2' } });
    servers = await listenBoth(app);
    ({ hono, fast, took } = servers);
  });

  afterAll(async () => {
    await servers.close();
    await app.close();
  });

  /** A fresh limit window: each case starts with the client's whole budget. */
  const nextWindow = () => app.advanceTime(app.config.limits.formsPerIp.windowMs);

  async function post(port: number, urlPath: string, body: string, headers: Record<string, string>) {
    logLines.length = 0;
    const answer = await get(port, urlPath, 'POST', headers, body);
    // The request line is written after the answer: wait for it.
    await expect.poll(() => logLines.some((line) => (JSON.parse(line) as LogLine).msg === 'request')).toBe(true);
    return { answer, log: logLines.map((line) => JSON.parse(line) as LogLine) };
  }

  /** The same request to each server, each in a fresh window; the answers and log lines must match. */
  async function sameSignUp(urlPath: string, bodies: { hono: string; fast: string }, headers?: Record<string, string>) {
    nextWindow();
    const viaHono = await post(hono, urlPath, bodies.hono, headers ?? signUpHeaders(ORIGIN, bodies.hono));
    nextWindow();
    const viaFast = await post(fast, urlPath, bodies.fast, headers ?? signUpHeaders(ORIGIN, bodies.fast));
    expect(viaFast.answer.status).toBe(viaHono.answer.status);
    expect(comparable(viaFast.answer.headers)).toEqual(comparable(viaHono.answer.headers));
    expect(viaFast.answer.body.toString('utf8')).toBe(viaHono.answer.body.toString('utf8'));
    expect(withoutTiming(viaFast.log)).toEqual(withoutTiming(viaHono.log));
    expect(viaFast.log.find((line) => line.msg === 'request')?.requestId).toBe(viaFast.answer.headers['x-request-id']);
    return { viaHono: viaHono.answer, viaFast: viaFast.answer, took: took.at(-1) };
  }

  it.each(['/api/newsletter', '/api/waitlist'])('subscribes on %s: 201, then 200 for the same email', async (urlPath) => {
    const fresh = await sameSignUp(urlPath, {
      hono: JSON.stringify({ email: `hono-${urlPath.slice(5)}@keel.test` }),
      fast: JSON.stringify({ email: ` Fast-${urlPath.slice(5)}@Keel.test ` }),
    });
    expect(fresh.took).toBe(true);
    expect(fresh.viaFast.status).toBe(201);
    expect(JSON.parse(fresh.viaFast.body.toString('utf8'))).toEqual({ status: 'subscribed' });
    expect(fresh.viaFast.headers['cache-control']).toBe('no-store');
    expect(fresh.viaFast.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(fresh.viaFast.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Stored as the route stores it: trimmed and lower-cased.
    const again = await sameSignUp(urlPath, {
      hono: JSON.stringify({ email: `hono-${urlPath.slice(5)}@keel.test` }),
      fast: JSON.stringify({ email: `fast-${urlPath.slice(5)}@keel.test` }),
    });
    expect(again.took).toBe(true);
    expect(again.viaFast.status).toBe(200);
    expect(JSON.parse(again.viaFast.body.toString('utf8'))).toEqual({ status: 'already_subscribed' });
  });

  it.each([
    ['malformed JSON', '{"email":', 'INVALID_JSON'],
    ['a control character', JSON.stringify({ email: 'a\u0001b@keel.test' }), 'VALIDATION_FAILED'],
    ['an email the schema refuses', JSON.stringify({ email: 'not-an-email' }), 'VALIDATION_FAILED'],
    ['a field the schema does not know', JSON.stringify({ email: 'extra@keel.test', admin: true }), 'VALIDATION_FAILED'],
    ['a body that is not UTF-8', '\udc80', 'INVALID_JSON'],
  ])('hands %s on to Hono with the body it read, and Hono refuses it as always', async (_name, body, code) => {
    const result = await sameSignUp('/api/newsletter', { hono: body, fast: body });
    expect(result.took).toBe(true);
    expect(result.viaFast.status).toBe(400);
    expect(JSON.parse(result.viaFast.body.toString('utf8'))).toMatchObject({ error: { code } });
  });

  it('counts a sign-up against the limit once, where Hono counts it, and answers the 429 as Hono does', async () => {
    const clock = app.deps.now;
    const at = clock();
    app.deps.now = () => at;
    try {
      // Malformed JSON is refused before the limiter on either path: it spends no budget.
      for (let i = 0; i < 3; i++) {
        expect((await post(fast, '/api/newsletter', '{', signUpHeaders(ORIGIN, '{'))).answer.status).toBe(400);
      }
      // A refused email is counted (Hono counts before validating), then one good sign-up: the budget of 2 is spent.
      const refused = JSON.stringify({ email: 'nope' });
      expect((await post(fast, '/api/newsletter', refused, signUpHeaders(ORIGIN, refused))).answer.status).toBe(400);
      const good = JSON.stringify({ email: 'limit-1@keel.test' });
      expect((await post(fast, '/api/newsletter', good, signUpHeaders(ORIGIN, good))).answer.status).toBe(201);
      // The third is over the limit on both paths, with the same answer and Retry-After.
      const over = JSON.stringify({ email: 'limit-2@keel.test' });
      const viaFast = await post(fast, '/api/newsletter', over, signUpHeaders(ORIGIN, over));
      expect(took.at(-1)).toBe(true);
      const viaHono = await post(hono, '/api/newsletter', over, signUpHeaders(ORIGIN, over));
      expect(viaFast.answer.status).toBe(429);
      expect(viaFast.answer.headers['retry-after']).toBe(String(app.config.limits.formsPerIp.windowMs / 1000));
      expect(comparable(viaFast.answer.headers)).toEqual(comparable(viaHono.answer.headers));
      expect(viaFast.answer.body.toString('utf8')).toBe(viaHono.answer.body.toString('utf8'));
      expect(withoutTiming(viaFast.log)).toEqual(withoutTiming(viaHono.log));
    } finally {
      app.deps.now = clock;
    }
  });

  it('leaves to Hono every sign-up whose headers it does not take as they are', async () => {
    const body = JSON.stringify({ email: 'declined@keel.test' });
    const cases: [string, string, Record<string, string>, number][] = [
      ['a foreign origin', '/api/newsletter', signUpHeaders('https://evil.example', body), 403],
      [
        'no origin, a same-origin referer',
        '/api/newsletter',
        { ...signUpHeaders(ORIGIN, body), origin: '', referer: `${ORIGIN}/` },
        201,
      ],
      ['a query string', '/api/newsletter?ref=mail', signUpHeaders(ORIGIN, body), 201],
      ['text/plain', '/api/newsletter', signUpHeaders(ORIGIN, body, { 'content-type': 'text/plain' }), 415],
      [
        'upper-case charset',
        '/api/newsletter',
        signUpHeaders(ORIGIN, body, { 'content-type': 'application/json; charset=UTF-8' }),
        201,
      ],
      ['a session cookie', '/api/newsletter', signUpHeaders(ORIGIN, body, { cookie: 'keel.session_token=abc.def' }), 201],
      ['the contact form', '/api/contact', signUpHeaders(ORIGIN, body), 400],
      ['an odd Host', '/api/newsletter', signUpHeaders(ORIGIN, body, { host: 'Keel.Example' }), 201],
    ];
    for (const [index, [name, urlPath, headers, status]] of cases.entries()) {
      const sent = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ''));
      // One new email per server, as long as body's (the headers' Content-Length is body's).
      const bodies = { hono: body.replace('declined', `hono-${index}-x`), fast: body.replace('declined', `fast-${index}-x`) };
      const result = await sameSignUp(urlPath, bodies, sent);
      expect(result.took, name).toBe(false);
      expect(result.viaFast.status, name).toBe(status);
    }
    // Chunked and empty bodies as well.
    const framings: [Record<string, string>, string, number][] = [
      [{ origin: ORIGIN, 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, body, 201],
      [{ origin: ORIGIN, 'content-type': 'application/json', 'content-length': '0' }, '', 400],
    ];
    for (const [headers, sent, status] of framings) {
      nextWindow();
      const answer = await get(fast, '/api/newsletter', 'POST', headers, sent);
      expect(took.at(-1)).toBe(false);
      expect(answer.status).toBe(status);
    }
    // A header given twice: Node keeps the first Content-Type, Hono reads both and finds no JSON.
    const twice = (port: number) => {
      nextWindow();
      return exchangeOpen(
        port,
        `POST /api/newsletter HTTP/1.1\r\nHost: keel.example\r\nOrigin: ${ORIGIN}\r\nContent-Type: application/json\r\n` +
          `Content-Type: text/plain\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
    };
    const [viaHono, viaFast] = [parseRaw(await twice(hono)), parseRaw(await twice(fast))];
    expect(took.at(-1)).toBe(false);
    expect(viaFast.status).toBe(400);
    expect(viaFast.body).toBe(viaHono.body);
  });

  it('answers a body cut off mid-way with the 400 and log line Hono gives it', async () => {
    const cutOff = async (port: number) => {
      nextWindow();
      logLines.length = 0;
      await rawExchange(
        port,
        `POST /api/newsletter HTTP/1.1\r\nHost: keel.example\r\nOrigin: ${ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{"email":`,
      );
      await expect.poll(() => logLines.length).toBeGreaterThan(0);
      return logLines.map((line) => JSON.parse(line) as LogLine);
    };
    const viaHono = await cutOff(hono);
    const viaFast = await cutOff(fast);
    expect(took.at(-1)).toBe(true);
    expect(withoutTiming(viaFast)).toEqual(withoutTiming(viaHono));
    expect(viaFast).toContainEqual(expect.objectContaining({ msg: 'request', status: 400, path: '/api/newsletter' }));
  });

  it('answers two sign-ups pipelined on one connection in order, each with its own id', async () => {
    nextWindow();
    logLines.length = 0;
    const bodies = ['pipe-1@keel.test', 'pipe-2@keel.test'].map((email) => JSON.stringify({ email }));
    const raw = await exchangeOpen(
      fast,
      bodies
        .map(
          (body, index) =>
            `POST /api/newsletter HTTP/1.1\r\nHost: keel.example\r\nOrigin: ${ORIGIN}\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${body.length}\r\n${index === 1 ? 'Connection: close\r\n' : ''}\r\n${body}`,
        )
        .join(''),
    );
    const statuses = [...raw.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => match[1]);
    expect(statuses).toEqual(['201', '201']);
    const ids = [...raw.matchAll(/\r\nx-request-id: ([^\r]+)/gi)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(2);
    expect(took.slice(-2)).toEqual([true, true]);
  });
});

describe('a sign-up when the database is down', () => {
  it('answers the 500 and logs the failure as Hono does', async () => {
    const logLines: string[] = [];
    const down = await createTestApp({ logLines, env: { APP_URL: 'http://localhost:3000' } });
    const servers = await listenBoth(down);
    try {
      await down.close();
      const body = JSON.stringify({ email: 'down@keel.test' });
      const send = async (port: number) => {
        logLines.length = 0;
        const answer = await get(port, '/api/newsletter', 'POST', signUpHeaders('http://localhost:3000', body), body);
        await expect.poll(() => logLines.length).toBeGreaterThanOrEqual(2);
        const log = logLines.map((line) => JSON.parse(line) as LogLine);
        return { answer, log: log.map(({ err: _err, ...rest }) => rest) };
      };
      const viaHono = await send(servers.hono);
      const viaFast = await send(servers.fast);
      expect(servers.took.at(-1)).toBe(true);
      expect(viaFast.answer.status).toBe(500);
      expect(JSON.parse(viaFast.answer.body.toString('utf8'))).toEqual({
        error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.' },
      });
      expect(comparable(viaFast.answer.headers)).toEqual(comparable(viaHono.answer.headers));
      expect(withoutTiming(viaFast.log)).toEqual(withoutTiming(viaHono.log));
      expect(viaFast.log.map((line) => line.msg)).toEqual(['unhandled error', 'request']);
    } finally {
      await servers.close();
    }
  });
});
