import { rmSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeelServer } from './node-listener.js';
import { listenOn, writeWebBuild } from './test-support/web-build.js';
import { createTestApp, type TestApp } from './test-support/test-app.js';

type LogLine = { msg: string; [key: string]: unknown };

let t: TestApp;
let buildDir: string;
let server: Server;
let port = 0;
const lines: string[] = [];

beforeAll(async () => {
  buildDir = writeWebBuild('keel-listener-', '<!DOCTYPE html><html><body>Keel</body></html>');
  t = await createTestApp({ logLines: lines, env: { WEB_BUILD_DIR: buildDir } });
  // The listeners main.ts mounts.
  server = createKeelServer({ fastPath: t.fastPath, fetch: t.app.fetch, errors: t.errorAnswers, logger: t.deps.logger });
  port = await listenOn(server);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
  rmSync(buildDir, { recursive: true, force: true });
});

/** Writes raw bytes to a fresh connection, ends the client's side and reads until the server closes it. */
function rawExchange(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
    socket.end(bytes);
  });
}

function parseRaw(raw: string) {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

function get(urlPath: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: urlPath, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

const logged = () => lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.msg === 'request');

describe('requests Hono never sees get Keel JSON error, with every header and a log line', () => {
  it('answers a Host header the URL parser refuses with a JSON 400', async () => {
    for (const host of ['a b', 'evil.example/x', 'user@evil.example']) {
      lines.length = 0;
      const answer = parseRaw(await rawExchange(`GET /faq HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`));
      expect(answer.status, host).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'BAD_REQUEST' } });
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(logged()).toEqual([expect.objectContaining({ status: 400, path: '/faq' })]);
    }
    // A Host it parses is served as always.
    expect((await get('/faq', { host: 'Keel.Example' })).status).toBe(200);
  });

  it.each([
    ['an asterisk-form target', 'OPTIONS * HTTP/1.1\r\nHost: keel.example\r\n\r\n'],
    ['a backslash in the path', 'GET /vaults/smart-savings\\ HTTP/1.1\r\nHost: keel.example\r\n\r\n'],
  ])('answers %s with a JSON 400 instead of an empty one', async (_name, bytes) => {
    lines.length = 0;
    const answer = parseRaw(await rawExchange(bytes));
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 'BAD_REQUEST', message: expect.stringMatching(/^Malformed request: /) },
    });
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged()).toEqual([expect.objectContaining({ status: 400, requestId: answer.headers['x-request-id'] })]);
  });

  it('answers an HTTP/1.1 request without a Host header with a JSON 400 (HTTP/1.0 needs none)', async () => {
    const missing = parseRaw(await rawExchange('GET /faq HTTP/1.1\r\nConnection: close\r\n\r\n'));
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.body)).toEqual({
      error: { code: 'BAD_REQUEST', message: 'Malformed request: missing Host header' },
    });
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    const old = parseRaw(await rawExchange('GET /faq HTTP/1.0\r\n\r\n'));
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
    const answer = parseRaw(await rawExchange(bytes));
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code } });
    expect(answer.headers.connection).toBe('close');
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(logged()).toEqual([expect.objectContaining({ status })]);
    // And the server goes on serving.
    expect((await get('/api/health')).status).toBe(200);
  });
});
