import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  contactMessages,
  newsletterSubscribers,
  session,
  transfers,
  user,
  userWallets,
  verification,
  waitlistSignups,
  walletLinkNonces,
} from './db/schema.js';
import { ERROR_STATUS } from './lib/app-error.js';
import { createKeelServer } from './node-listener.js';
import { createSignedInUser } from './test-support/auth.js';
import { createTestApp, type TestApp } from './test-support/test-app.js';
import { listenOn, writeWebBuild } from './test-support/web-build.js';

/**
 * The fast, deterministic part of scripts/fuzz-server.mjs (npm run fuzz:server):
 * hostile requests against every route of the API reference and the web paths,
 * over real sockets through the listeners main.ts mounts. Whatever the request,
 * the answer is never a 5xx, an /api error is Keel's JSON error with the status
 * its code maps to, every answer carries the security headers and a request id,
 * nothing is written, and the fast path answers as Hono does.
 */

const PAGE = `<!DOCTYPE html><html><head><script>window.__boot = 1;</script></head><body>${'<p>Keel</p>'.repeat(200)}</body></html>`;
const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
];

type Answer = { status: number; headers: Record<string, string>; body: Buffer };
type Route = { method: string; path: string; signedIn: boolean };

let t: TestApp;
let buildDir: string;
let cookie: string;
const servers: Server[] = [];
let fastPort = 0;
let honoPort = 0;

beforeAll(async () => {
  buildDir = writeWebBuild('keel-robust-', PAGE);
  t = await createTestApp({
    env: {
      WEB_BUILD_DIR: buildDir,
      // A closed port: a chain read fails at once (an upstream failure, answered 502/503).
      BASE_RPC_URL: 'http://127.0.0.1:9',
      LIMIT_FORMS_IP_MAX: '100000',
      LIMIT_SIGN_IN_MAX: '100000',
      LIMIT_SIGN_IN_IP_MAX: '100000',
    },
  });
  cookie = (await createSignedInUser(t)).cookie;
  const listen = async (takes: boolean) => {
    const server = createKeelServer({
      fastPath: takes ? t.fastPath : () => false,
      fetch: t.app.fetch,
      errors: t.errorAnswers,
      logger: t.deps.logger,
    });
    servers.push(server);
    return listenOn(server);
  };
  fastPort = await listen(true);
  honoPort = await listen(false);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await t.close();
  rmSync(buildDir, { recursive: true, force: true });
});

function request(method: string, target: string, headers: [string, string][] = [], body?: string | Buffer): Buffer {
  const bytes = body === undefined ? null : Buffer.isBuffer(body) ? body : Buffer.from(body);
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: localhost:3000', ...headers.map(([name, value]) => `${name}: ${value}`)];
  if (bytes && !headers.some(([name]) => /^(content-length|transfer-encoding)$/i.test(name))) {
    lines.push(`Content-Length: ${bytes.length}`);
  }
  lines.push('Connection: close');
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return bytes ? Buffer.concat([head, bytes]) : head;
}

/** One request on a fresh connection; the answer once the server closes it. */
function exchange(port: number, bytes: Buffer, isHead = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks);
      const headEnd = raw.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = raw.subarray(0, headEnd).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines)
        headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      const body = isHead ? Buffer.alloc(0) : raw.subarray(headEnd + 4);
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: dechunk(body, headers) });
    });
    socket.write(bytes);
  });
}

function dechunk(body: Buffer, headers: Record<string, string>): Buffer {
  if (headers['transfer-encoding'] !== 'chunked') return body;
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', offset);
    const size = parseInt(body.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!(size > 0)) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}

/** What is wrong with one answer (empty when nothing is). */
function problemsOf(target: string, answer: Answer, isHead: boolean): string[] {
  const problems: string[] = [];
  const isApi = target.startsWith('/api/');
  if (answer.status >= 500) {
    const code = codeOf(answer.body);
    const upstream = (answer.status === 502 || answer.status === 503) && (code === 'UPSTREAM_FAILED' || code === 'UNAVAILABLE');
    if (!upstream) problems.push(`status ${answer.status}`);
  }
  if (answer.status === 0) problems.push('no answer');
  for (const name of SECURITY_HEADERS) if (!answer.headers[name]) problems.push(`no ${name}`);
  if (!answer.headers['x-request-id']) problems.push('no x-request-id');
  if (isApi && answer.status >= 400 && !isHead) {
    const code = codeOf(answer.body);
    if (code === undefined) problems.push(`not Keel's JSON error: ${answer.body.subarray(0, 60).toString('utf8')}`);
    else if (code in ERROR_STATUS && ERROR_STATUS[code as keyof typeof ERROR_STATUS] !== answer.status) {
      problems.push(`code ${code} with status ${answer.status}`);
    }
  }
  return problems;
}

function codeOf(body: Buffer): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null || !('error' in parsed)) return undefined;
    const error = parsed.error;
    if (typeof error !== 'object' || error === null || !('code' in error) || !('message' in error)) return undefined;
    return typeof error.code === 'string' && typeof error.message === 'string' && error.message !== '' ? error.code : undefined;
  } catch {
    return undefined;
  }
}

async function routes(): Promise<Route[]> {
  const document = (await (await t.app.request('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  return Object.entries(document.paths).flatMap(([template, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path: template
        .replace('{address}', `0x${'34'.repeat(20)}`)
        .replace('{id}', 'smart-savings')
        .replace('{token}', 'no-such-token-1'),
      signedIn: (operation.security?.length ?? 0) > 0,
    })),
  );
}

/** Every table a refused request must leave alone, by its row count. */
async function rowCounts() {
  const tables = {
    user,
    session,
    account,
    verification,
    waitlistSignups,
    newsletterSubscribers,
    contactMessages,
    userWallets,
    walletLinkNonces,
    transfers,
  };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) counts[name] = (await t.deps.db.select().from(table)).length;
  return counts;
}

describe('hostile requests over real sockets', () => {
  it('never answer 5xx, always answer an /api error as JSON with its status, carry every header, and write nothing', async () => {
    const origin: [string, string] = ['Origin', t.config.appUrl];
    const json: [string, string] = ['Content-Type', 'application/json'];
    const cases: { method: string; target: string; bytes: Buffer }[] = [];
    for (const route of await routes()) {
      if (route.path === '/api/auth/sign-out') continue; // with a session cookie it would end it
      // Any well-formed request stores a sign-in challenge (a verification row), by design; limited per IP.
      if (route.path === '/api/auth/passkey/generate-authenticate-options') continue;
      const auth: [string, string][] = route.signedIn ? [['Cookie', cookie]] : [];
      const add = (method: string, target: string, headers: [string, string][], body?: string | Buffer) =>
        cases.push({ method, target, bytes: request(method, target, headers, body) });
      const sends = route.method !== 'GET';
      if (sends) {
        for (const body of [
          '',
          '{"email":',
          '[]',
          'null',
          '{"__proto__":{"admin":true}}',
          `${'['.repeat(5000)}${']'.repeat(5000)}`,
          '{"email":"a\\u0000@b.co"}',
          Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
          JSON.stringify({ email: 'x'.repeat(70 * 1024) }),
          JSON.stringify({ txHash: '0x1', kind: 1, walletAddress: 'vitalik.eth', requestedAssets: '-1.5', email: ['a'] }),
          JSON.stringify({ requestedAssets: '9'.repeat(200), message: 'x'.repeat(3000), signature: '0xZZ', token: 12 }),
          // Well-formed where Better Auth answers (an unknown account, a token that does not exist).
          JSON.stringify({
            email: 'nobody@keel.test',
            password: 'Wrong-Horse-9',
            token: 'no-such-token-1',
            newPassword: 'Wrong-Horse-9!',
          }),
        ]) {
          add(route.method, route.path, [json, origin, ...auth], body);
        }
        add(route.method, route.path, [['Content-Type', 'text/plain'], origin, ...auth], '{}');
        add(route.method, route.path, [json, ['Origin', 'https://evil.example'], ...auth], '{}');
        add(route.method, route.path, [json, ...auth], '{}');
        add(route.method, route.path, [json, origin, ['Transfer-Encoding', 'chunked'], ...auth], '2\r\n{}\r\n0\r\n\r\n');
      } else {
        add('POST', route.path, [json, origin, ...auth], '{}');
        add('HEAD', route.path, auth);
      }
      if (route.signedIn) add(route.method, route.path, sends ? [json, origin] : [], sends ? '{}' : undefined);
      add(
        route.method,
        route.path,
        [...(sends ? [json, origin] : []), ['Cookie', 'better-auth.session_token=%E0%A4%A']],
        sends ? '{}' : undefined,
      );
      for (const target of [
        `${route.path}?%00=1`,
        `${route.path}?range=%E0&range=x&__proto__=1`,
        `${route.path}%2f`,
        `${route.path}/..%00`,
      ]) {
        add(route.method, target, [...(sends ? [json, origin] : []), ...auth], sends ? '{}' : undefined);
      }
    }
    for (const target of ['*', '/faq\\', 'http://evil.example/api/config'])
      cases.push({ method: 'GET', target, bytes: request('GET', target) });

    const before = await rowCounts();
    const failures: string[] = [];
    for (const { method, target, bytes } of cases) {
      const answer = await exchange(fastPort, bytes, method === 'HEAD');
      const problems = problemsOf(target.startsWith('http') ? new URL(target).pathname : target, answer, method === 'HEAD');
      if (problems.length > 0) failures.push(`${method} ${target.slice(0, 60)} → ${answer.status}: ${problems.join(', ')}`);
    }
    expect(failures).toEqual([]);
    expect(cases.length).toBeGreaterThan(300);
    expect(await rowCounts()).toEqual(before);
    // Still serving, and still signed in.
    const session = await exchange(fastPort, request('GET', '/api/auth/get-session', [['Cookie', cookie]]));
    expect(JSON.parse(session.body.toString('utf8'))).toMatchObject({ user: { email: expect.any(String) } });
  }, 60_000);

  it('sent at once with well-formed sign-ups (one group commit), refuse only themselves', async () => {
    const headers: [string, string][] = [
      ['Content-Type', 'application/json'],
      ['Origin', t.config.appUrl],
    ];
    const hostile = [
      '{"email":',
      '[]',
      '{"email":"a\\u0000@b.co"}',
      '{"email":{"$gt":""}}',
      '{"email":"x@y"}',
      `{"email":"${'a'.repeat(300)}@b.co"}`,
    ];
    const sends: { email?: string; body: string }[] = [];
    for (let index = 0; index < 20; index++) {
      const email = `burst-${index}@keel.test`;
      sends.push({ email, body: JSON.stringify({ email }) });
      if (index % 5 === 0) sends.push({ email, body: JSON.stringify({ email: `  ${email.toUpperCase()} ` }) });
      sends.push({ body: hostile[index % hostile.length] ?? '' });
    }
    const answers = await Promise.all(
      sends.map((send) => exchange(fastPort, request('POST', '/api/newsletter', headers, send.body))),
    );
    const statusesByEmail = new Map<string, number[]>();
    sends.forEach((send, index) => {
      const answer = answers[index];
      expect(answer && problemsOf('/api/newsletter', answer, false)).toEqual([]);
      if (send.email) statusesByEmail.set(send.email, [...(statusesByEmail.get(send.email) ?? []), answer?.status ?? 0]);
      else expect(answer?.status).toBe(400);
    });
    // Each email subscribed once: the first to commit hears 201, a second copy 200 (already subscribed).
    for (const statuses of statusesByEmail.values()) expect(statuses.sort()).toEqual(statuses.length === 1 ? [201] : [200, 201]);
    const stored = (await t.deps.db.select().from(newsletterSubscribers)).map((row) => row.email);
    expect(stored.filter((email) => email.startsWith('burst-')).sort()).toEqual([...statusesByEmail.keys()].sort());
  }, 30_000);

  it('get the same answer from the fast path as from Hono, whatever the caching and encoding headers', async () => {
    const headerSets: [string, string][][] = [
      [],
      [['Accept-Encoding', 'gzip, deflate, br']],
      [['Accept-Encoding', 'br;q=0, gzip;q=0.5']],
      [['Accept-Encoding', 'gzip;q=0, *']],
      [['Accept-Encoding', 'br;q=1.0001, gzip;q=abc']],
      [['Accept-Encoding', `${'x,'.repeat(2000)}gzip`]],
      [['If-None-Match', '*']],
      [['If-None-Match', 'W/"x", "y"']],
      [['Range', 'bytes=0-10']],
      [['Cookie', 'better-auth.session_token=%ZZ']],
      [['X-Request-Id', '../../etc']],
      [['Host', 'a b']],
      [['Host', 'KEEL.EXAMPLE']],
    ];
    const differences: string[] = [];
    for (const target of [
      '/',
      '/faq',
      '/faq/',
      '/dashboard',
      '/assets/entry-AbCd1234.js',
      '/robots.txt',
      '/no-such-page',
      '/api/config',
    ]) {
      for (const headers of headerSets) {
        for (const method of ['GET', 'HEAD']) {
          const withHost = headers.some(([name]) => name === 'Host');
          const bytes = withHost
            ? request(method, target, headers).toString('latin1').replace('Host: localhost:3000\r\n', '')
            : request(method, target, headers);
          const [fast, hono] = await Promise.all([
            exchange(fastPort, Buffer.from(bytes), method === 'HEAD'),
            exchange(honoPort, Buffer.from(bytes), method === 'HEAD'),
          ]);
          const label = `${method} ${target} ${JSON.stringify(headers).slice(0, 50)}`;
          const problems = problemsOf(target, fast, method === 'HEAD');
          if (problems.length > 0) differences.push(`${label}: ${problems.join(', ')}`);
          const strip = ({ date: _date, 'x-request-id': _id, ...rest }: Record<string, string>) => rest;
          if (fast.status !== hono.status || !fast.body.equals(hono.body))
            differences.push(`${label}: ${fast.status} vs ${hono.status}`);
          else if (
            JSON.stringify(Object.entries(strip(fast.headers)).sort()) !==
            JSON.stringify(Object.entries(strip(hono.headers)).sort())
          ) {
            differences.push(`${label}: headers differ`);
          }
        }
      }
    }
    expect(differences).toEqual([]);
  }, 60_000);
});
