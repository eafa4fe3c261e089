#!/usr/bin/env node
// npm run fuzz:server — malformed and hostile requests against the REAL built server (docs/performance.md).
//
// Starts apps/server/dist/main.js (PGlite, and PostgreSQL when FUZZ_DATABASES names it and a cluster
// answers), signs up two verified accounts through the API (one sends the hostile requests, the other
// only watches), then sends every case over raw sockets: each route of the OpenAPI document
// (/api/openapi.json) with wrong methods, bodies, content types, encodings, headers and credentials;
// the web paths with odd targets and caching/encoding headers; request framing (pipelining, HEAD,
// Expect: 100-continue, chunked, truncated bodies, early disconnects, absolute- and asterisk-form
// targets, bad Host); and FUZZ_RANDOM seeded random mixes of all of it. For every answer it checks:
//   - it came (no hang), and the process is still up and answers /api/health afterwards;
//   - no 5xx, except 502/503 with UPSTREAM_FAILED/UNAVAILABLE on a route that reads the chain
//     (the harness points BASE_RPC_URL at a closed port: a genuine upstream failure);
//   - an error on /api (or any JSON error) has Keel's body { error: { code, message } }, with the
//     status lib/app-error.ts maps the code to; a status the API reference does not list is reported;
//   - the security headers and an X-Request-Id are on every answer, and the request is logged once;
//   - no 'unhandled error' line was logged;
//   - on PostgreSQL, a refused request changed no row outside rate_limits and security_audit_log;
//   - the fast path and Hono agree: each in-memory answer equals the one Hono gives for the same
//     resource asked for with a percent-escaped path (which the fast path leaves to Hono);
//   - at the end, what both accounts and an anonymous visitor see is what they saw at the start.
//
// A tool, not a test: CI does not run it (apps/server/src/robustness.test.ts is its fast part).
// Build first (npm run build). Variables: FUZZ_PORT (3161), FUZZ_DATABASES (pglite; add postgres),
// FUZZ_RANDOM (random cases, 300), FUZZ_SEED (1), FUZZ_TMP (data directories), TEST_DATABASE_URL,
// FUZZ_VERBOSE=1 (print every failing case, not the first five per check). Exit code 1 on any failure.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPostgresDatabase, serverErrorStatuses, signUpVerified, sleep } from './lib/server-script-support.mjs';

const PORT = Number(process.env.FUZZ_PORT ?? 3161);
const DATABASES = (process.env.FUZZ_DATABASES ?? 'pglite').split(',').map((name) => name.trim());
const RANDOM_CASES = Number(process.env.FUZZ_RANDOM ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 1);
const TMP = process.env.FUZZ_TMP ?? tmpdir();
const VERBOSE = process.env.FUZZ_VERBOSE === '1';
const SERVER = 'apps/server/dist/main.js';
const CASE_TIMEOUT_MS = 15_000;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const HOST = `127.0.0.1:${PORT}`;

/** lib/app-error.ts's codes and statuses. */
const ERROR_STATUS = serverErrorStatuses();
const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
];
/** Routes whose answer depends on the chain (502/503 there is an upstream failure, not a bug). */
const CHAIN_ROUTES = [
  /^\/api\/vaults/,
  /^\/api\/positions/,
  /^\/api\/history/,
  /^\/api\/stats/,
  /^\/api\/transfers/,
  /^\/api\/health/,
];
/** Tables a refused request may still write: the limiter's counters and the audit of refusals. */
const WRITABLE_ON_REFUSAL = new Set(['rate_limits', 'security_audit_log', '__drizzle_migrations']);

// ---------------------------------------------------------------- deterministic randomness

function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------- raw HTTP over a socket

/** Parses every complete response in `buffer`; `heads` says which requests were HEAD (no body). */
function parseResponses(buffer, heads) {
  const responses = [];
  let offset = 0;
  for (;;) {
    const headEnd = buffer.indexOf('\r\n\r\n', offset);
    if (headEnd === -1) break;
    const headText = buffer.subarray(offset, headEnd).toString('latin1');
    const [statusLine, ...lines] = headText.split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
    const headers = {};
    const rawHeaders = [];
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      rawHeaders.push([name, value]);
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    let cursor = headEnd + 4;
    if (status >= 100 && status < 200) {
      offset = cursor;
      continue;
    }
    const isHead = heads[responses.length] === true;
    let body = Buffer.alloc(0);
    if (!isHead && status !== 304 && status !== 204) {
      if (headers['content-length'] !== undefined) {
        const length = Number(headers['content-length']);
        if (buffer.length < cursor + length) break;
        body = buffer.subarray(cursor, cursor + length);
        cursor += length;
      } else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
        const parts = [];
        let complete = false;
        for (;;) {
          const lineEnd = buffer.indexOf('\r\n', cursor);
          if (lineEnd === -1) break;
          const size = parseInt(buffer.subarray(cursor, lineEnd).toString('latin1'), 16);
          if (Number.isNaN(size)) break;
          if (size === 0) {
            const trailerEnd = buffer.indexOf('\r\n\r\n', lineEnd);
            if (trailerEnd === -1) break;
            cursor = trailerEnd + 4;
            complete = true;
            break;
          }
          if (buffer.length < lineEnd + 2 + size + 2) break;
          parts.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
          cursor = lineEnd + 2 + size + 2;
        }
        if (!complete) break;
        body = Buffer.concat(parts);
      } else {
        body = buffer.subarray(cursor);
        cursor = buffer.length;
      }
    }
    responses.push({ status, headers, rawHeaders, body });
    offset = cursor;
  }
  return responses;
}

/**
 * Writes `chunks` (strings or Buffers; a number is a pause in ms) to a fresh connection and reads
 * until the server closes it or every expected response is in. `abortAfterWrite` closes our side
 * right after writing (an early disconnect). Resolves { responses, timedOut, error }.
 */
function exchange(chunks, { heads = [false], expected = heads.length, abortAfterWrite = false } = {}) {
  return new Promise((resolve) => {
    const socket = connect(PORT, '127.0.0.1');
    const received = [];
    let settled = false;
    const finish = (extra = {}) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ responses: parseResponses(Buffer.concat(received), heads), ...extra });
    };
    const timer = setTimeout(() => finish({ timedOut: true }), CASE_TIMEOUT_MS);
    socket.on('data', (chunk) => {
      received.push(chunk);
      if (parseResponses(Buffer.concat(received), heads).length >= expected) finish();
    });
    socket.on('close', () => finish());
    socket.on('error', (error) => finish({ error: error.code ?? error.message }));
    const writeChunks = async () => {
      for (const chunk of chunks) {
        if (typeof chunk === 'number') await sleep(chunk);
        else if (!socket.destroyed) socket.write(chunk);
      }
      if (abortAfterWrite) {
        await sleep(50);
        finish({ aborted: true });
      }
    };
    socket.on('connect', () => {
      writeChunks().catch((error) => finish({ error: error.message }));
    });
  });
}

/** One HTTP/1.1 request as bytes. `headers` is a list of [name, value] (duplicates allowed). */
function rawRequest(method, target, headers = [], body = undefined) {
  const lines = [`${method} ${target} HTTP/1.1`];
  const names = new Set(headers.map(([name]) => name.toLowerCase()));
  if (!names.has('host')) lines.push(`Host: ${HOST}`);
  for (const [name, value] of headers) lines.push(`${name}: ${value}`);
  const bodyBytes = body === undefined ? null : Buffer.isBuffer(body) ? body : Buffer.from(body);
  if (bodyBytes && !names.has('content-length') && !names.has('transfer-encoding')) {
    lines.push(`Content-Length: ${bodyBytes.length}`);
  }
  if (!names.has('connection')) lines.push('Connection: close');
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return bodyBytes ? Buffer.concat([head, bodyBytes]) : head;
}

// ---------------------------------------------------------------- the server under test

function startServer({ dataDir, databaseUrl, logLines }) {
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    APP_URL: ORIGIN,
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'info',
    // A closed port: every chain read fails at once, as a dead RPC does (an upstream failure).
    BASE_RPC_URL: 'http://127.0.0.1:9',
    // Every case comes from one address: raised so the cases reach validation, not the limiter.
    LIMIT_FORMS_IP_MAX: '1000000000',
    LIMIT_SIGN_IN_IP_MAX: '1000000',
    LIMIT_SIGN_IN_MAX: '1000000',
    LIMIT_SIGN_UP_MAX: '1000000',
    LIMIT_SIGN_UP_IP_MAX: '1000000',
    LIMIT_RESET_MAX: '1000000',
    LIMIT_RESET_IP_MAX: '1000000',
    LIMIT_RESEND_MAX: '1000000',
    LIMIT_RESEND_IP_MAX: '1000000',
    LIMIT_AUTH_MAIL_MAX: '1000000',
    LIMIT_VAULT_DATA_MAX: '1000000',
    LIMIT_HISTORY_MAX: '1000000',
    LIMIT_WALLET_LINK_MAX: '1000000',
  };
  delete env.SMTP_URL;
  delete env.DEV_OUTBOX;
  delete env.TRUSTED_PROXIES;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, [SERVER], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let pending = '';
  const take = (chunk) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) logLines.push(line);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  return child;
}

async function waitForHealth(child, timeoutMs = 120_000) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${ORIGIN}/api/health`, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() - started > timeoutMs) throw new Error('no healthy answer');
    await sleep(100);
  }
}

/** A verified, signed-in account (sign-up through the API, the link from the dev outbox in DATA_DIR). */
async function signedInAccount(dataDir, label) {
  const email = `fuzz-${label}-${randomBytes(4).toString('hex')}@fuzz.test`;
  const cookie = await signUpVerified({ base: ORIGIN, dataDir, name: `Fuzz ${label}`, email, password: 'Fuzz-Saver-2026!' });
  return { email, cookie };
}

/** Row counts of every table a refused request must not touch (PostgreSQL only). */
async function rowCounter(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    "select table_schema, table_name from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')",
  );
  const tables = rows.filter((row) => !WRITABLE_ON_REFUSAL.has(row.table_name));
  const sql = `select ${tables
    .map((row, index) => `(select count(*) from "${row.table_schema}"."${row.table_name}")::int as t${index}`)
    .join(', ')}`;
  return {
    count: async () => {
      const result = await client.query(sql);
      return Object.fromEntries(tables.map((row, index) => [row.table_name, result.rows[0][`t${index}`]]));
    },
    close: () => client.end(),
  };
}

// ---------------------------------------------------------------- the cases

/** Valid-looking bodies per route, mutated by the cases (keys from the OpenAPI request schemas). */
const SAMPLE_BODIES = {
  '/api/auth/sign-in/email': { email: 'saver@fuzz.test', password: 'Wrong-Password-1!' },
  '/api/auth/sign-up/email': { name: 'Fuzz', email: 'x', password: 'short' },
  '/api/auth/sign-out': {},
  '/api/auth/request-password-reset': { email: 'not-an-email' },
  '/api/auth/reset-token-status': { token: '!' },
  '/api/auth/reset-password': { token: 'no-such-token-123', newPassword: 'Another-Password-9!' },
  '/api/auth/send-verification-email': { email: 'not-an-email' },
  '/api/waitlist': { email: 'not-an-email' },
  '/api/newsletter': { email: 'not-an-email' },
  '/api/contact': { name: 'Fuzz', email: 'not-an-email', subject: 'Hi', message: 'Hello' },
  '/api/wallet': { message: 'not an EIP-4361 message', signature: '0x00' },
  '/api/wallet/link-message': { walletAddress: '0x123' },
  '/api/transfers': {
    txHash: `0x${'ab'.repeat(32)}`,
    kind: 'deposit',
    walletAddress: `0x${'12'.repeat(20)}`,
    vaultAddress: `0x${'34'.repeat(20)}`,
    requestedAssets: '1000000',
  },
};

/** Hostile values for any field. */
const HOSTILE_VALUES = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -0,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\ud800',
  '\udfff\ud800',
  '\u202e',
  '\ufeff',
  'x'.repeat(10_000),
  'x'.repeat(60_000),
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  "' or 1=1 --",
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  '%00',
  '0x',
  `0x${'g'.repeat(40)}`,
  `0x${'f'.repeat(39)}`,
  `0X${'a'.repeat(40)}`,
  `0x${'a'.repeat(64)}`,
  `0x${'a'.repeat(63)}`,
  '-1',
  '1.5',
  '1e6',
  '0',
  '00000001',
  '9'.repeat(78),
  '9'.repeat(79),
  '115792089237316195423570985008687907853269984665640564039457584007913129639936',
  '１２３',
  [],
  [1, 2, 3],
  {},
  { $gt: '' },
  JSON.parse('{"__proto__":{"admin":true}}'),
];

function tokenFieldValues(field) {
  if (/assets|shares|amount/i.test(field))
    return ['-1', '1.5', '1e6', '0x10', ' 1', '1 ', '+1', 1000000, -1, 1e21, '9'.repeat(200)];
  if (/hash/i.test(field)) return [`0x${'a'.repeat(65)}`, `0x${'z'.repeat(64)}`, 'ab'.repeat(32), 123];
  if (/address/i.test(field)) return [`0x${'a'.repeat(41)}`, 'vitalik.eth', `0x${'A'.repeat(40)} `, 42];
  if (/email/i.test(field)) return ['a@b', 'a@b.c'.padStart(300, 'a'), 'ä@ö.de', 'a@b.com\r\nBcc: x@y.z', '"a b"@c.de'];
  return [];
}

/** Bodies that are not valid JSON or not JSON at all. */
const BAD_BODIES = [
  ['empty', Buffer.alloc(0)],
  ['whitespace', Buffer.from('   ')],
  ['truncated', Buffer.from('{"email":')],
  ['trailing comma', Buffer.from('{"email":"a@b.co",}')],
  ['single quotes', Buffer.from("{'email':'a@b.co'}")],
  ['NaN', Buffer.from('{"n":NaN}')],
  ['array', Buffer.from('[]')],
  ['string', Buffer.from('"x"')],
  ['number', Buffer.from('12')],
  ['null', Buffer.from('null')],
  ['bad UTF-8', Buffer.from([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d])],
  ['overlong UTF-8', Buffer.from([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d])],
  ['UTF-16 BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"a":1}', 'utf16le')])],
  ['UTF-8 BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"email":"a@b.co"}')])],
  ['raw NUL', Buffer.from('{"email":"a\u0000b@c.de"}')],
  ['escaped NUL key', Buffer.from('{"\\u0000":1}')],
  ['lone surrogate', Buffer.from('{"email":"\\ud800@c.de"}')],
  ['duplicate keys', Buffer.from('{"email":"a@b.co","email":"x"}')],
  ['__proto__ key', Buffer.from('{"__proto__":{"isAdmin":true},"email":"a@b.co"}')],
  ['constructor key', Buffer.from('{"constructor":{"prototype":{"x":1}}}')],
  ['deep arrays', Buffer.from(`${'['.repeat(20_000)}${']'.repeat(20_000)}`)],
  ['deep objects', Buffer.from(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`)],
  ['wide object', Buffer.from(JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]))))],
  ['huge number', Buffer.from(`{"n":1${'0'.repeat(5000)}}`)],
  ['binary', randomBytes(2048)],
  ['form encoded', Buffer.from('email=a%40b.co')],
];

/** The OpenAPI routes as { method, template, signedIn, body }. */
function routesOf(document) {
  const routes = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      routes.push({
        method: method.toUpperCase(),
        template,
        signedIn: Array.isArray(operation.security) && operation.security.length > 0,
        statuses: new Set(Object.keys(operation.responses).map(Number)),
        fields: Object.keys(operation.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
      });
    }
  }
  return routes;
}

function concretePath(template) {
  return template
    .replace('{address}', `0x${'34'.repeat(20)}`)
    .replace('{id}', 'smart-savings')
    .replace('{token}', 'no-such-token-123');
}

function buildCases({ routes, cookie, webPaths, assetPath }) {
  const cases = [];
  const add = (group, name, spec) => cases.push({ group, name, ...spec });
  const jsonHeaders = (withCookie) => [
    ['Content-Type', 'application/json'],
    ['Origin', ORIGIN],
    ...(withCookie ? [['Cookie', cookie]] : []),
  ];
  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

  for (const route of routes) {
    const target = concretePath(route.template);
    // Never the session on sign-out: a well-formed one would end it (the harness's doing, not a defect).
    const withCookie = route.signedIn;
    const label = `${route.method} ${route.template}`;
    const sample = SAMPLE_BODIES[route.template] ?? {};
    const sends = route.method !== 'GET' && route.method !== 'HEAD';
    const send = (group, name, headers, body, extra = {}) =>
      add(group, `${label} ${name}`, { route, path: target, request: rawRequest(route.method, target, headers, body), ...extra });

    // Wrong methods (with a body and the cookie, so nothing but the method is wrong).
    for (const method of methods) {
      if (routes.some((other) => other.template === route.template && other.method === method)) continue;
      if (method === 'HEAD' && route.method === 'GET') continue;
      add('methods', `${method} ${route.template}`, {
        route: { ...route, statuses: new Set([404]) },
        path: target,
        method,
        request: rawRequest(
          method,
          target,
          jsonHeaders(true),
          method === 'GET' || method === 'HEAD' ? undefined : JSON.stringify(sample),
        ),
        heads: [method === 'HEAD'],
      });
    }
    // Credentials and origin.
    if (route.signedIn)
      send('auth', 'without a session', sends ? jsonHeaders(false) : [], sends ? JSON.stringify(sample) : undefined);
    if (route.signedIn)
      send(
        'auth',
        'forged session cookie',
        [...(sends ? jsonHeaders(false) : []), ['Cookie', 'better-auth.session_token=forged.signature']],
        sends ? JSON.stringify(sample) : undefined,
      );
    for (const [cookieName, cookieValue] of [
      ['malformed escape', 'better-auth.session_token=%E0%A4%A'],
      [
        'two session cookies',
        `${route.template === '/api/auth/sign-out' ? 'better-auth.session_token=a.b' : cookie}; better-auth.session_token=x.y`,
      ],
      ['huge cookie', `a=${'x'.repeat(8000)}`],
      ['quoted', 'better-auth.session_token="a\\"b"'],
      ['no equals', 'better-auth.session_token'],
    ]) {
      send(
        'cookies',
        cookieName,
        [...(sends ? jsonHeaders(false) : []), ['Cookie', cookieValue]],
        sends ? JSON.stringify(sample) : undefined,
      );
    }
    if (sends) {
      for (const [originName, headers] of [
        ['foreign origin', [['Origin', 'https://evil.example']]],
        ['origin null', [['Origin', 'null']]],
        ['no origin', []],
        ['foreign referer', [['Referer', 'https://evil.example/x']]],
        ['origin with path', [['Origin', `${ORIGIN}/x`]]],
        ['origin garbage', [['Origin', '::::']]],
      ]) {
        send(
          'origin',
          originName,
          [['Content-Type', 'application/json'], ...(withCookie ? [['Cookie', cookie]] : []), ...headers],
          JSON.stringify(sample),
        );
      }
      // Content types.
      for (const [typeName, types] of [
        ['no content type', []],
        ['text/plain', ['text/plain']],
        ['form', ['application/x-www-form-urlencoded']],
        ['multipart', ['multipart/form-data; boundary=x']],
        ['json + charset latin1', ['application/json; charset=latin1']],
        ['json-ish', ['application/jsonx']],
        ['two content types', ['text/plain', 'application/json']],
        ['two content types, json first', ['application/json', 'text/plain']],
        ['empty content type', ['']],
      ]) {
        send(
          'content-type',
          typeName,
          [...types.map((type) => ['Content-Type', type]), ['Origin', ORIGIN], ...(withCookie ? [['Cookie', cookie]] : [])],
          JSON.stringify(sample),
        );
      }
      // Bodies that are not JSON, or hostile JSON.
      for (const [bodyName, body] of BAD_BODIES) send('bodies', bodyName, jsonHeaders(withCookie), body);
      send('bodies', 'over 64 KiB', jsonHeaders(withCookie), JSON.stringify({ ...sample, pad: 'x'.repeat(70 * 1024) }));
      if (route.template === '/api/waitlist') {
        // Slow on purpose: the guard waits up to 10 s for the rest of a refused body before it answers.
        send(
          'bodies',
          'declared 10 MiB, 1 MiB sent',
          [...jsonHeaders(withCookie), ['Content-Length', String(10 * 1024 * 1024)]],
          Buffer.alloc(1024 * 1024, 0x20),
        );
      }
      send('bodies', 'chunked', [...jsonHeaders(withCookie), ['Transfer-Encoding', 'chunked']], chunked(JSON.stringify(sample)));
      send(
        'bodies',
        'chunked over 64 KiB',
        [...jsonHeaders(withCookie), ['Transfer-Encoding', 'chunked']],
        chunked(`{"a":"${'x'.repeat(80 * 1024)}"}`),
        {
          expectClose: true,
        },
      );
      send(
        'bodies',
        'gzip-encoded body',
        [...jsonHeaders(withCookie), ['Content-Encoding', 'gzip']],
        Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]),
      );
      // Field values.
      for (const field of route.fields.length > 0 ? route.fields : ['email']) {
        for (const value of [...HOSTILE_VALUES, ...tokenFieldValues(field)]) {
          send(
            'fields',
            `${field}=${JSON.stringify(value)?.slice(0, 40)}`,
            jsonHeaders(withCookie),
            JSON.stringify({ ...sample, [field]: value }),
          );
        }
      }
      send('fields', 'unknown extra field', jsonHeaders(withCookie), JSON.stringify({ ...sample, role: 'admin' }));
      send(
        'fields',
        'numbers as strings swapped',
        jsonHeaders(withCookie),
        JSON.stringify(
          Object.fromEntries(
            Object.entries(sample).map(([key, value]) => [
              key,
              typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : String(value),
            ]),
          ),
        ),
      );
      // Framing: truncated body then disconnect; Expect: 100-continue.
      add('framing', `${label} truncated body, client disconnects`, {
        route,
        path: target,
        chunks: [rawRequest(route.method, target, [...jsonHeaders(withCookie), ['Content-Length', '500']], '{"email":'), 200],
        abortAfterWrite: true,
      });
      add('framing', `${label} Expect: 100-continue`, {
        route,
        path: target,
        chunks: [
          rawRequest(route.method, target, [
            ...jsonHeaders(withCookie),
            ['Expect', '100-continue'],
            ['Content-Length', String(JSON.stringify(sample).length)],
          ]),
          100,
          JSON.stringify(sample),
        ],
      });
      add('framing', `${label} Expect: 100-continue, body never sent`, {
        route,
        path: target,
        chunks: [
          rawRequest(route.method, target, [...jsonHeaders(withCookie), ['Expect', '100-continue'], ['Content-Length', '20']]),
          200,
        ],
        abortAfterWrite: true,
      });
    }
    // Query strings and path encodings.
    for (const [queryName, query] of [
      ['bad escape', '?%'],
      ['NUL', '?a=%00'],
      ['control in key', '?%01=1'],
      ['bad UTF-8', '?range=%E0%A4'],
      ['repeated', '?range=7d&range=30d&wallet=x&wallet=y'],
      ['__proto__', '?__proto__=1&constructor=2'],
      ['long', `?q=${'x'.repeat(6000)}`],
      ['many', `?${Array.from({ length: 500 }, (_, i) => `k${i}=${i}`).join('&')}`],
      ['plus and space', '?range=7d+&wallet=0x+1'],
      ['wallet bad', '?wallet=0xZZ'],
      ['range bad', '?range=%2e%2e'],
    ]) {
      send(
        'query',
        queryName,
        sends ? jsonHeaders(withCookie) : withCookie ? [['Cookie', cookie]] : [],
        sends ? JSON.stringify(sample) : undefined,
        {
          path: `${target}${query}`,
          request: rawRequest(
            route.method,
            `${target}${query}`,
            sends ? jsonHeaders(withCookie) : withCookie ? [['Cookie', cookie]] : [],
            sends ? JSON.stringify(sample) : undefined,
          ),
        },
      );
    }
    for (const [variantName, variant] of [
      ['trailing slash', `${target}/`],
      ['upper case', target.toUpperCase()],
      ['%2f', target.replace(/\/([^/]*)$/, '%2f$1')],
      ['%00 suffix', `${target}%00`],
      ['%2e%2e', `${target}/%2e%2e`],
      ['double slash', target.replace('/api/', '/api//')],
      ['dot segment', target.replace('/api/', '/api/./')],
      ['parent segment', target.replace('/api/', '/api/x/../')],
      ['semicolon', `${target};x=1`],
      ['bad escape', `${target}%`],
      ['encoded NUL middle', target.replace('/api/', '/api/%00/')],
    ]) {
      add('paths', `${label} ${variantName}`, {
        route: { ...route, statuses: new Set([...route.statuses, 400, 404]) },
        path: variant,
        request: rawRequest(
          route.method,
          variant,
          sends ? jsonHeaders(withCookie) : withCookie ? [['Cookie', cookie]] : [],
          sends ? JSON.stringify(sample) : undefined,
        ),
        heads: [false],
      });
    }
  }

  // Web paths and the in-memory answers.
  const webTargets = [...webPaths, assetPath, '/robots.txt', '/sitemap.xml', '/no-such-page', '/assets/no-such.js'];
  const headerSets = [
    [],
    [['Accept-Encoding', 'gzip, deflate, br']],
    [['Accept-Encoding', 'br;q=0, gzip;q=0.5']],
    [['Accept-Encoding', 'gzip;q=0, *']],
    [['Accept-Encoding', 'br;q=1.0001, gzip;q=abc']],
    [['Accept-Encoding', `${'x,'.repeat(3000)}gzip`]],
    [['Accept-Encoding', 'identity;q=0, *;q=0']],
    [['Accept-Encoding', ';;;,,,q=,']],
    [['If-None-Match', '*']],
    [['If-None-Match', 'W/"x", "y"']],
    [['If-None-Match', '"'.repeat(500)]],
    [['Range', 'bytes=0-10']],
    [['Range', 'bytes=99999999-']],
    [['Range', 'bytes=-1,0-0,5-2']],
    [['Cookie', 'better-auth.session_token=%ZZ']],
    [['X-Request-Id', 'short']],
    [['X-Request-Id', 'x'.repeat(65)]],
    [['X-Request-Id', '../../etc']],
    [['X-Forwarded-For', 'garbage, 1.2.3.4, ::::']],
    [['Accept', 'application/json']],
    [['Host', 'a b']],
    [['Host', 'KEEL.EXAMPLE']],
    [['Host', 'evil.example/x']],
  ];
  for (const target of webTargets) {
    for (const headers of headerSets) {
      for (const method of ['GET', 'HEAD']) {
        add('web', `${method} ${target} ${JSON.stringify(headers).slice(0, 60)}`, {
          path: target,
          web: true,
          request: rawRequest(method, target, headers),
          heads: [method === 'HEAD'],
          compareWith: escapedTarget(target) ? rawRequest(method, escapedTarget(target), headers) : null,
        });
      }
    }
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      add('web', `${method} ${target}`, {
        path: target,
        web: true,
        request: rawRequest(method, target, [['Origin', ORIGIN]], '{}'),
        heads: [false],
      });
    }
  }
  // /api/config (the fast path's one API answer) against Hono.
  for (const headers of [[], [['Cookie', 'theme=dark']], [['Accept-Encoding', 'gzip']], [['If-None-Match', '*']]]) {
    add('web', `GET /api/config ${JSON.stringify(headers)}`, {
      path: '/api/config',
      request: rawRequest('GET', '/api/config', headers),
      compareWith: rawRequest('GET', '/api/%63onfig', headers),
      heads: [false],
    });
  }
  for (const [targetName, target, extra] of [
    ['%2f', '/faq%2f', []],
    ['%00', '/faq%00', []],
    ['..', '/assets/../faq', []],
    ['encoded ..', '/assets/%2e%2e/faq', []],
    ['//', '//faq', []],
    ['///api', '///api/config', []],
    ['backslash', '/faq\\..\\', []],
    ['backslash in known pattern', '/vaults/smart-savings\\', []],
    ['fragment', '/faq#x', []],
    ['long path', `/${'a'.repeat(7000)}`, []],
    ['many segments', `/${'a/'.repeat(2000)}`, []],
    ['non-ASCII', '/f\u00e4q', []],
    ['absolute-form', `http://${HOST}/faq`, []],
    ['absolute-form, other host', 'http://evil.example/faq', []],
    ['absolute-form api', `http://${HOST}/api/config`, []],
    ['absolute-form https', 'https://evil.example/api/health', []],
    ['absolute-form garbage', 'http://[::1/faq', []],
    ['asterisk-form', '*', []],
    ['bad Host', '/faq', [['Host', 'a b']]],
    ['bad Host on api', '/api/health', [['Host', 'a b']]],
    ['Host with path', '/faq', [['Host', 'evil.example/x']]],
    ['Host with userinfo', '/faq', [['Host', 'user@evil.example']]],
    ['Host upper case', '/faq', [['Host', 'KEEL.EXAMPLE']]],
    ['Host IPv6', '/faq', [['Host', '[::1]:3000']]],
    ['Host bad port', '/faq', [['Host', 'keel.example:99999']]],
    ['empty Host', '/faq', [['Host', '']]],
  ]) {
    for (const method of ['GET', 'OPTIONS', 'POST']) {
      add('targets', `${method} ${targetName}`, {
        path: target,
        web: !target.includes('/api/'),
        request: rawRequest(
          method,
          target,
          [...extra, ['Origin', ORIGIN], ['Content-Type', 'application/json']],
          method === 'POST' ? '{}' : undefined,
        ),
        heads: [false],
      });
    }
  }
  // Framing the parser itself refuses, and pipelines.
  for (const [framingName, bytes, options] of [
    ['header too large', rawRequest('GET', '/api/health', [['X-Big', 'x'.repeat(20_000)]]), {}],
    [
      'too many headers',
      rawRequest(
        'GET',
        '/faq',
        Array.from({ length: 3000 }, (_, i) => [`X-H${i}`, 'v']),
      ),
      {},
    ],
    ['header with control character', rawRequest('GET', '/faq', [['X-Ctl', 'a\u0001b']]), {}],
    [
      'obsolete line folding',
      Buffer.from(`GET /faq HTTP/1.1\r\nHost: ${HOST}\r\nX-Fold: a\r\n b\r\nConnection: close\r\n\r\n`),
      {},
    ],
    [
      'content-length and chunked',
      rawRequest(
        'POST',
        '/api/waitlist',
        [
          ['Content-Type', 'application/json'],
          ['Origin', ORIGIN],
          ['Content-Length', '4'],
          ['Transfer-Encoding', 'chunked'],
        ],
        chunked('{}'),
      ),
      { path: '/api/waitlist' },
    ],
    [
      'two content lengths',
      rawRequest(
        'POST',
        '/api/waitlist',
        [
          ['Content-Type', 'application/json'],
          ['Origin', ORIGIN],
          ['Content-Length', '2'],
          ['Content-Length', '3'],
        ],
        '{}',
      ),
      { path: '/api/waitlist' },
    ],
    [
      'negative content length',
      rawRequest('POST', '/api/waitlist', [
        ['Content-Type', 'application/json'],
        ['Origin', ORIGIN],
        ['Content-Length', '-1'],
      ]),
      { path: '/api/waitlist' },
    ],
    [
      'bad chunk size',
      rawRequest(
        'POST',
        '/api/waitlist',
        [
          ['Content-Type', 'application/json'],
          ['Origin', ORIGIN],
          ['Transfer-Encoding', 'chunked'],
        ],
        'zz\r\n{}\r\n0\r\n\r\n',
      ),
      { path: '/api/waitlist' },
    ],
    ['unknown method', Buffer.from(`BREW /faq HTTP/1.1\r\nHost: ${HOST}\r\nConnection: close\r\n\r\n`), {}],
    ['HTTP/1.0 without Host', Buffer.from('GET /faq HTTP/1.0\r\n\r\n'), {}],
    ['HTTP/1.1 without Host', Buffer.from('GET /faq HTTP/1.1\r\nConnection: close\r\n\r\n'), {}],
    ['HTTP/2.0 request line', Buffer.from(`GET /faq HTTP/2.0\r\nHost: ${HOST}\r\n\r\n`), {}],
    ['garbage', randomBytes(200), {}],
    ['LF only line ends', Buffer.from(`GET /faq HTTP/1.1\nHost: ${HOST}\nConnection: close\n\n`), {}],
  ]) {
    add('framing', framingName, { path: options.path ?? '/faq', request: bytes, heads: [false], parserLevel: true });
  }
  const pipeline = [
    rawRequest('GET', '/faq', [
      ['Connection', 'keep-alive'],
      ['Accept-Encoding', 'gzip'],
    ]),
    rawRequest(
      'POST',
      '/api/waitlist',
      [
        ['Connection', 'keep-alive'],
        ['Content-Type', 'text/plain'],
        ['Origin', ORIGIN],
      ],
      'email=x',
    ),
    rawRequest('HEAD', '/api/config', [['Connection', 'keep-alive']]),
    rawRequest(
      'POST',
      '/api/newsletter',
      [
        ['Connection', 'keep-alive'],
        ['Content-Type', 'application/json'],
        ['Origin', ORIGIN],
      ],
      '{"email":',
    ),
    rawRequest('GET', assetPath, [['Connection', 'keep-alive']]),
    rawRequest('GET', '/api/health', []),
  ];
  add('framing', 'pipelined mix of good and bad requests', {
    path: '/faq',
    chunks: [Buffer.concat(pipeline)],
    heads: [false, false, true, false, false, false],
    pipelinePaths: ['/faq', '/api/waitlist', '/api/config', '/api/newsletter', assetPath, '/api/health'],
  });
  add('framing', 'pipeline split mid-request', {
    path: '/faq',
    chunks: [Buffer.concat(pipeline).subarray(0, 150), 50, Buffer.concat(pipeline).subarray(150)],
    heads: [false, false, true, false, false, false],
    pipelinePaths: ['/faq', '/api/waitlist', '/api/config', '/api/newsletter', assetPath, '/api/health'],
  });
  for (const target of ['/faq', '/api/config', '/api/health', '/api/openapi.json']) {
    add('framing', `GET ${target}, client disconnects at once`, {
      path: target,
      chunks: [rawRequest('GET', target, [['Accept-Encoding', 'gzip']])],
      abortAfterWrite: true,
    });
  }
  return cases;
}

function chunked(text) {
  const bytes = Buffer.from(text);
  const parts = [];
  for (let offset = 0; offset < bytes.length; offset += 4096) {
    const piece = bytes.subarray(offset, offset + 4096);
    parts.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}

/** The same resource with its first path letter percent-escaped: Hono decodes it, the fast path leaves it. */
function escapedTarget(target) {
  const match = /^\/([a-z])/.exec(target);
  if (!match) return null;
  return `/%${match[1].charCodeAt(0).toString(16)}${target.slice(2)}`;
}

/** Random mixes of the deterministic cases' parts, seeded. */
function randomCases({ routes, cookie, count, seed }) {
  const random = mulberry32(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const bodyRoutes = routes.filter((route) => route.method !== 'GET' && route.method !== 'HEAD');
  const cases = [];
  for (let index = 0; index < count; index++) {
    const route = pick(bodyRoutes);
    const target = concretePath(route.template);
    const sample = { ...(SAMPLE_BODIES[route.template] ?? {}) };
    const fields = route.fields.length > 0 ? route.fields : ['email'];
    for (let mutation = 0; mutation < 1 + Math.floor(random() * 3); mutation++) {
      const field = random() < 0.1 ? `x${Math.floor(random() * 100)}` : pick(fields);
      sample[field] = random() < 0.5 ? pick(HOSTILE_VALUES) : pick([...tokenFieldValues(field), ...HOSTILE_VALUES]);
    }
    let body = Buffer.from(JSON.stringify(sample));
    if (random() < 0.15) body = body.subarray(0, Math.floor(random() * body.length));
    if (random() < 0.1) body[Math.floor(random() * body.length)] = Math.floor(random() * 256);
    const headers = [
      ['Content-Type', random() < 0.9 ? 'application/json' : pick(['text/plain', 'application/json; charset=utf-16', ''])],
      ['Origin', random() < 0.9 ? ORIGIN : pick(['null', 'https://evil.example', ''])],
    ];
    if (route.signedIn || (random() < 0.3 && route.template !== '/api/auth/sign-out'))
      headers.push(['Cookie', random() < 0.9 ? cookie : 'better-auth.session_token=x']);
    const useChunked = random() < 0.2;
    if (useChunked) headers.push(['Transfer-Encoding', 'chunked']);
    cases.push({
      group: 'random',
      name: `#${index} ${route.method} ${route.template} ${body.subarray(0, 60).toString('latin1')}`,
      route,
      path: target,
      request: rawRequest(route.method, target, headers, useChunked ? chunked(body.toString('latin1')) : body),
      heads: [false],
    });
  }
  return cases;
}

// ---------------------------------------------------------------- the checks

function isChainRoute(pathname) {
  return CHAIN_ROUTES.some((pattern) => pattern.test(pathname));
}

function pathOf(target) {
  try {
    return new URL(target, ORIGIN).pathname;
  } catch {
    return target;
  }
}

/** Every problem with one answer, as short strings. */
function checkResponse(testCase, response, requestPath, logIds) {
  const problems = [];
  const { status, headers, body } = response;
  const pathname = pathOf(requestPath);
  const isApi = pathname.startsWith('/api/') || pathname === '/api';
  if (status >= 500) {
    const code = jsonCode(body);
    const upstream =
      (status === 502 || status === 503) &&
      isChainRoute(pathname) &&
      (code === 'UPSTREAM_FAILED' || code === 'UNAVAILABLE' || pathname === '/api/health');
    if (!upstream) problems.push(`status ${status}`);
  }
  for (const name of SECURITY_HEADERS) if (!headers[name]) problems.push(`no ${name}`);
  if (!headers['x-request-id']) problems.push('no x-request-id');
  else if (logIds && !logIds.has(headers['x-request-id'])) problems.push('not logged');
  const isJson = /^application\/json/.test(headers['content-type'] ?? '');
  if (status >= 400 && (isApi || isJson) && !(status === 404 && !isApi && /^text\/html/.test(headers['content-type'] ?? ''))) {
    if (!isJson) problems.push(`error without a JSON body (${headers['content-type'] ?? 'no content-type'}, ${body.length} B)`);
    else if (body.length > 0 || testCase.heads?.[0] !== true) {
      let parsed;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        problems.push('error body is not JSON');
      }
      const error = parsed?.error;
      if (
        parsed !== undefined &&
        (typeof error?.code !== 'string' || typeof error?.message !== 'string' || error.message === '')
      ) {
        problems.push(`error body is not { error: { code, message } }: ${body.subarray(0, 80).toString('utf8')}`);
      } else if (parsed !== undefined && error.code in ERROR_STATUS && ERROR_STATUS[error.code] !== status) {
        problems.push(`code ${error.code} with status ${status}`);
      }
    }
  }
  return problems;
}

function jsonCode(body) {
  try {
    return JSON.parse(body.toString('utf8'))?.error?.code;
  } catch {
    return undefined;
  }
}

/** What a client sees of an answer, minus what differs between any two (the clock, the id, the connection). */
function comparable(response) {
  const skip = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);
  const headers = Object.entries(response.headers)
    .filter(([name]) => !skip.has(name))
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify({ status: response.status, headers, body: response.body.toString('base64') });
}

function firstDifference(a, b) {
  const left = JSON.parse(a);
  const right = JSON.parse(b);
  if (left.body !== right.body) return 'body';
  const rightHeaders = new Map(right.headers);
  for (const [name, value] of left.headers)
    if (rightHeaders.get(name) !== value) return `${name}: ${value} vs ${rightHeaders.get(name)}`;
  return `headers only Hono sends: ${right.headers.map(([name]) => name).filter((name) => !left.headers.some(([other]) => other === name))}`;
}

// ---------------------------------------------------------------- a run against one database

async function snapshot(accounts) {
  const read = async (target, cookie) => {
    const response = await fetch(`${ORIGIN}${target}`, { headers: cookie ? { cookie } : {} });
    const text = await response.text();
    return `${response.status} ${text.replace(/"(requestId|checkedAt|updatedAt|asOf|generatedAt)":"[^"]*"/g, '')}`;
  };
  const seen = {};
  for (const target of ['/api/config', '/api/health', '/', '/faq', '/robots.txt'])
    seen[`anonymous ${target}`] = await read(target);
  for (const [label, account] of Object.entries(accounts)) {
    for (const target of ['/api/auth/get-session', '/api/wallet', '/api/deposits', '/api/transfers']) {
      seen[`${label} ${target}`] = await read(target, account.cookie);
    }
  }
  return seen;
}

/**
 * Hostile sign-ups sent at once with well-formed ones, so they share event-loop turns, group commits
 * (lib/group-commit.ts) and limiter batches: every well-formed one must be stored (an email sent twice,
 * once), every hostile one refused, and none may fail another.
 */
async function concurrentBurst() {
  const runId = randomBytes(3).toString('hex');
  const headers = [
    ['Content-Type', 'application/json'],
    ['Origin', ORIGIN],
  ];
  const hostile = BAD_BODIES.map(([, body]) => body).concat(
    HOSTILE_VALUES.map((value) => Buffer.from(JSON.stringify({ email: value }))),
  );
  const sends = [];
  for (const form of ['/api/newsletter', '/api/waitlist']) {
    for (let index = 0; index < 30; index++) {
      const email = `burst-${runId}-${index}@fuzz.test`;
      sends.push({ form, email, body: JSON.stringify({ email }) });
      if (index % 5 === 0) sends.push({ form, email, body: JSON.stringify({ email: `  ${email.toUpperCase()} ` }) });
      sends.push({ form, body: hostile[(index * 7) % hostile.length] });
    }
  }
  const answers = await Promise.all(sends.map((send) => exchange([rawRequest('POST', send.form, headers, send.body)])));
  const failures = [];
  const fail = (name, problem, status) =>
    failures.push({ testCase: { group: 'concurrent', name }, problems: [problem], statuses: [status] });
  const outcomes = new Map();
  sends.forEach((send, index) => {
    const response = answers[index].responses[0];
    const name = `${send.form} ${send.email ?? String(send.body).slice(0, 40)}`;
    if (!response) return fail(name, 'no answer', 0);
    for (const problem of checkResponse({ heads: [false] }, response, send.form, null)) fail(name, problem, response.status);
    if (send.email) {
      const key = `${send.form} ${send.email}`;
      outcomes.set(key, [...(outcomes.get(key) ?? []), response.status]);
    }
  });
  for (const [key, statuses] of outcomes) {
    const created = statuses.filter((status) => status === 201).length;
    if (created !== 1 || statuses.some((status) => status !== 201 && status !== 200)) {
      fail(key, `expected one 201 (the rest 200 already subscribed), got ${statuses.join(',')}`, statuses[0]);
    }
    // Stored: asking again says so.
    const [form, email] = key.split(' ');
    const again = await exchange([rawRequest('POST', form, headers, JSON.stringify({ email }))]);
    if (again.responses[0]?.status !== 200)
      fail(key, `not stored: asking again answered ${again.responses[0]?.status}`, again.responses[0]?.status ?? 0);
  }
  return { count: sends.length, failures };
}

async function runDatabase(kind) {
  const dataDir = mkdtempSync(path.join(TMP, `keel-fuzz-${kind}-`));
  let database;
  if (kind === 'postgres') {
    database = await createPostgresDatabase('keel_fuzz');
    if (database.error) {
      console.log(`\n${kind}: skipped — ${database.error}`);
      rmSync(dataDir, { recursive: true, force: true });
      return null;
    }
  }
  const logLines = [];
  const child = startServer({ dataDir, databaseUrl: database?.url, logLines });
  let exitedWith = null;
  child.on('exit', (code, signal) => {
    exitedWith = signal ?? code;
  });
  const failures = [];
  const warnings = [];
  const counts = {};
  let counter = null;
  try {
    await waitForHealth(child);
    // The same process is still the one that answers at the end (a crash and restart would not be).
    const prober = await signedInAccount(dataDir, 'prober');
    const observer = await signedInAccount(dataDir, 'observer');
    const document = await (await fetch(`${ORIGIN}/api/openapi.json`)).json();
    const routes = routesOf(document).filter((route) => route.template !== '/api/dev/outbox');
    const html = readFileSync('apps/web/build/client/index.html', 'utf8');
    const assetPath =
      /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '/favicon.svg';
    const webPaths = [
      '/',
      '/faq',
      '/faq/',
      '/sign-in',
      '/dashboard',
      '/vaults/smart-savings',
      '/vaults/no-such',
      '/?next=%2Fdashboard',
    ];
    const cases = [
      ...buildCases({ routes, cookie: prober.cookie, webPaths, assetPath }),
      ...randomCases({ routes, cookie: prober.cookie, count: RANDOM_CASES, seed: SEED }),
    ];
    const before = await snapshot({ prober, observer });
    counter = database ? await rowCounter(database.url) : null;
    console.log(`\n${kind}: ${cases.length} cases over ${routes.length} documented routes and ${webPaths.length + 6} web paths`);
    let done = 0;
    for (const testCase of cases) {
      const logStart = logLines.length;
      const rowsBefore = counter ? await counter.count() : null;
      const result = await exchange(testCase.chunks ?? [testCase.request], {
        heads: testCase.heads ?? [false],
        abortAfterWrite: testCase.abortAfterWrite === true,
      });
      // Let the server finish and log what it does after the client is gone, and wait for each answer's line.
      if (testCase.abortAfterWrite) await sleep(300);
      const ids = result.responses.map((response) => response.headers['x-request-id']).filter(Boolean);
      for (let waited = 0; waited < 1000; waited += 5) {
        const logged = logLines.slice(logStart).join('\n');
        if (ids.every((id) => logged.includes(`"requestId":"${id}","method"`))) break;
        await sleep(5);
      }
      const newLines = logLines.slice(logStart).map((line) => {
        try {
          return JSON.parse(line);
        } catch {
          return { msg: line, level: 'raw' };
        }
      });
      const logIds = new Set(newLines.filter((line) => line.msg === 'request').map((line) => line.requestId));
      const problems = [];
      const expectedCount = testCase.heads?.length ?? 1;
      if (result.timedOut) problems.push(`no answer within ${CASE_TIMEOUT_MS / 1000} s`);
      if (!testCase.abortAfterWrite && !result.timedOut && result.responses.length < expectedCount && !testCase.parserLevel) {
        problems.push(`${result.responses.length} of ${expectedCount} answers (${result.error ?? 'connection closed'})`);
      }
      if (testCase.parserLevel && result.responses.length === 0 && !result.error)
        problems.push('connection closed without an answer');
      result.responses.forEach((response, index) => {
        const requestPath = testCase.pipelinePaths?.[index] ?? testCase.path;
        problems.push(
          ...checkResponse({ ...testCase, heads: [testCase.heads?.[index] ?? false] }, response, requestPath, logIds),
        );
        const route = testCase.route;
        if (route && index === 0 && response.status >= 400 && !route.statuses.has(response.status) && response.status !== 404) {
          warnings.push(
            `${testCase.group}: ${testCase.name.slice(0, 100)} — status ${response.status} (${jsonCode(response.body)}) is not in the API reference for ${route.method} ${route.template}`,
          );
        }
      });
      if (testCase.compareWith && result.responses[0]) {
        const viaHono = await exchange([testCase.compareWith], { heads: testCase.heads ?? [false] });
        const fast = comparable(result.responses[0]);
        const slow = viaHono.responses[0] ? comparable(viaHono.responses[0]) : null;
        if (fast !== slow) {
          const statuses = `${result.responses[0].status} vs ${viaHono.responses[0]?.status ?? 'no answer'}`;
          problems.push(`fast path and Hono differ (${statuses}${slow ? `: ${firstDifference(fast, slow)}` : ''})`);
        }
      }
      for (const line of newLines) {
        if (line.level === 'raw' || line.level >= 50)
          problems.push(`logged: ${String(line.msg).slice(0, 60)}${line.err ? ` (${line.err.message})` : ''}`);
      }
      if (exitedWith !== null) problems.push(`server process exited (${exitedWith})`);
      if (counter && rowsBefore) {
        const refused = result.responses.length === 0 || result.responses.every((response) => response.status >= 400);
        if (refused) {
          const rowsAfter = await counter.count();
          for (const [table, rows] of Object.entries(rowsAfter)) {
            if (rows !== rowsBefore[table]) problems.push(`refused, yet ${table} went from ${rowsBefore[table]} to ${rows} rows`);
          }
        }
      }
      counts[testCase.group] = (counts[testCase.group] ?? 0) + 1;
      if (problems.length > 0)
        failures.push({ testCase, problems, statuses: result.responses.map((response) => response.status) });
      if (exitedWith !== null) break;
      done++;
      if (done % 100 === 0) {
        await waitForHealth(child, 10_000).catch((error) =>
          failures.push({ testCase, problems: [`health after ${done} cases: ${error.message}`], statuses: [] }),
        );
        process.stdout.write(`  ${done}/${cases.length}\n`);
      }
    }
    if (exitedWith === null) {
      const burst = await concurrentBurst();
      counts.concurrent = burst.count;
      failures.push(...burst.failures);
      await waitForHealth(child, 10_000);
      const after = await snapshot({ prober, observer });
      for (const [key, value] of Object.entries(before)) {
        if (after[key] !== value)
          failures.push({
            testCase: { group: 'state', name: key },
            problems: [`changed: ${value.slice(0, 80)} → ${after[key]?.slice(0, 80)}`],
            statuses: [],
          });
      }
    }
    return { kind, total: Object.values(counts).reduce((sum, n) => sum + n, 0), counts, failures, warnings };
  } finally {
    if (counter) await counter.close();
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    if (database?.drop) await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(result) {
  console.log(
    `\n== ${result.kind}: ${result.total} cases, ${result.failures.length} failing, ${result.warnings.length} undocumented statuses`,
  );
  for (const [group, count] of Object.entries(result.counts)) console.log(`  ${group.padEnd(14)} ${count}`);
  const byProblem = new Map();
  for (const failure of result.failures) {
    for (const problem of failure.problems) {
      const key = problem
        .replace(/\d+ (B|rows)/g, 'n $1')
        .replace(/\(.*\)$/, '')
        .slice(0, 70);
      if (!byProblem.has(key)) byProblem.set(key, []);
      byProblem
        .get(key)
        .push(
          `${failure.testCase.group}: ${failure.testCase.name.slice(0, 110)} [${failure.statuses.join(',')}] ${problem.slice(0, 120)}`,
        );
    }
  }
  for (const [problem, examples] of byProblem) {
    console.log(`\n  ${examples.length} × ${problem}`);
    for (const example of VERBOSE ? examples : examples.slice(0, 5)) console.log(`    ${example}`);
  }
  if (result.warnings.length > 0) {
    console.log('\n  statuses the API reference does not list:');
    const unique = [...new Set(result.warnings.map((warning) => warning.replace(/^.*? — /, '')))];
    for (const warning of VERBOSE ? unique : unique.slice(0, 10)) console.log(`    ${warning}`);
  }
}

if (!existsSync(SERVER)) {
  console.error(`${SERVER} is missing: run npm run build first.`);
  process.exit(2);
}
let failed = false;
for (const kind of DATABASES) {
  const result = await runDatabase(kind);
  if (!result) continue;
  report(result);
  if (result.failures.length > 0) failed = true;
}
process.exit(failed ? 1 : 0);
