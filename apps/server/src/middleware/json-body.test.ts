import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactMessages, newsletterSubscribers, user, waitlistSignups } from '../db/schema.js';
import type { ErrorBody } from '../lib/app-error.js';
import { createSignedInUser } from '../test-support/auth.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
/** Every log line, as JSON text (the request lines say what each request ended as). */
const logLines: string[] = [];
beforeAll(async () => {
  // Limits raised: this file sends many requests from one (socket-less) client.
  t = await createTestApp({
    env: { LIMIT_FORMS_IP_MAX: '1000', LIMIT_SIGN_UP_MAX: '1000', LIMIT_SIGN_IN_MAX: '1000' },
    logLines,
  });
});
afterAll(async () => {
  await t.close();
});

function send(method: string, path: string, body: string | null, headers: Record<string, string> = {}) {
  return t.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', origin: t.config.appUrl, ...headers },
    ...(body === null ? {} : { body }),
  });
}

async function errorOf(response: Response) {
  return ((await response.json()) as ErrorBody).error;
}

const NUL_EMAIL = 'a@example.com\u0000';

describe('control characters in any string field', () => {
  // Every JSON endpoint the product has, each with a NUL byte in one field.
  const endpoints: [string, string, Record<string, unknown>][] = [
    ['POST', '/api/auth/sign-up/email', { name: 'Nul Byte', email: NUL_EMAIL, password: 'Sup3r-Secret' }],
    ['POST', '/api/auth/sign-in/email', { email: NUL_EMAIL, password: 'Sup3r-Secret' }],
    ['POST', '/api/auth/request-password-reset', { email: NUL_EMAIL }],
    ['POST', '/api/auth/send-verification-email', { email: NUL_EMAIL }],
    ['POST', '/api/auth/reset-password', { token: 'abcdefgh12345678', newPassword: 'N3w-Pass\u0000word' }],
    ['POST', '/api/auth/reset-token-status', { token: 'abc\u0000' }],
    ['POST', '/api/waitlist', { email: NUL_EMAIL }],
    ['POST', '/api/newsletter', { email: NUL_EMAIL }],
    ['POST', '/api/contact', { name: 'Ada\u0000', email: 'ada@example.com', subject: 'Hi', message: 'Hello' }],
    ['PUT', '/api/wallet', { walletAddress: '0xabcdef0123456789abcdef0123456789abcdef01\u0000' }],
  ];

  it.each(endpoints)('%s %s answers 400 with the JSON error, never 500', async (method, path, body) => {
    const response = await send(method, path, JSON.stringify(body));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Input contains characters that are not allowed',
    });
  });

  it('refuses the sign-up of "a@example.com\\u0000" and creates no account', async () => {
    const response = await send(
      'POST',
      '/api/auth/sign-up/email',
      JSON.stringify({ name: 'Nul', email: NUL_EMAIL, password: 'Sup3r-Secret' }),
    );
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe('Input contains characters that are not allowed');
    expect(await t.deps.db.select().from(user)).toEqual([]);
  });

  it.each([
    ['DEL', 'a@example.com\u007f'],
    ['a C1 control', 'a@example.com\u0085'],
    ['an escape', '\u001b[31ma@example.com'],
    ['an unpaired surrogate', 'a@example.com\ud800'],
  ])('refuses %s too', async (_name, email) => {
    const response = await send('POST', '/api/newsletter', JSON.stringify({ email }));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe('VALIDATION_FAILED');
  });

  it('looks into nested values and keys, however deep', async () => {
    const nested = await send(
      'POST',
      '/api/newsletter',
      JSON.stringify({ email: 'a@example.com', extra: [{ deep: 'x\u0000' }] }),
    );
    expect(nested.status).toBe(400);
    expect((await errorOf(nested)).message).toBe('Input contains characters that are not allowed');
    const key = await send('POST', '/api/newsletter', JSON.stringify({ 'email\u0000': 'a@example.com' }));
    expect(key.status).toBe(400);
    const depth = 20_000;
    const deep = await send('POST', '/api/newsletter', `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`);
    expect(deep.status).toBe(400);
    expect((await errorOf(deep)).code).toBe('VALIDATION_FAILED');
  });

  it('refuses control characters in the query string and the path', async () => {
    const query = await t.app.request('/api/auth/verify-email?token=abc%00def');
    expect(query.status).toBe(400);
    expect(await errorOf(query)).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'query.token' } });
    const path = await t.app.request('/api/vaults/0xabc%00');
    expect(path.status).toBe(400);
    const malformed = await t.app.request('/api/vaults/%E0%A4%A');
    expect(malformed.status).toBe(400);
    expect(await errorOf(malformed)).toEqual({ code: 'MALFORMED_PATH', message: 'Malformed request path' });
  });

  it('keeps line breaks and tabs where text may span lines, and stores nothing refused', async () => {
    const before = {
      newsletter: (await t.deps.db.select().from(newsletterSubscribers)).length,
      waitlist: (await t.deps.db.select().from(waitlistSignups)).length,
    };
    const contact = await send(
      'POST',
      '/api/contact',
      JSON.stringify({ name: 'Ada', email: 'multi@example.com', subject: 'Two lines', message: 'Line one\r\n\tLine two' }),
    );
    expect(contact.status).toBe(201);
    const rows = await t.deps.db.select().from(contactMessages);
    expect(rows.find((row) => row.email === 'multi@example.com')?.message).toBe('Line one\r\n\tLine two');
    expect((await t.deps.db.select().from(newsletterSubscribers)).length).toBe(before.newsletter);
    expect((await t.deps.db.select().from(waitlistSignups)).length).toBe(before.waitlist);
  });

  it('guards signed-in endpoints the same way', async () => {
    const { cookie } = await createSignedInUser(t);
    const response = await send('PUT', '/api/wallet', JSON.stringify({ walletAddress: 'x\u0000' }), { cookie });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe('VALIDATION_FAILED');
  });

  it('answers invalid UTF-8 as invalid JSON, not 500', async () => {
    const response = await t.app.request('/api/newsletter', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.config.appUrl },
      body: new Uint8Array([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]),
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe('INVALID_JSON');
  });

  it('reads each body on its own: one cut mid-character leaves nothing for the next, and a leading BOM is dropped', async () => {
    const post = (bytes: number[]) =>
      t.app.request('/api/newsletter', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.config.appUrl },
        body: new Uint8Array(bytes),
      });
    const json = (text: string) => [...new TextEncoder().encode(text)];
    // "€" is e2 82 ac: this body ends two bytes into it.
    const cut = await post([...json('{"email":"a@example.com"}'), 0xe2, 0x82]);
    expect(cut.status).toBe(400);
    expect((await errorOf(cut)).code).toBe('INVALID_JSON');
    // The next body starts with the character's last byte: read alone, it is not UTF-8 either.
    const rest = await post([0xac, ...json('{"email":"b@example.com"}')]);
    expect((await errorOf(rest)).code).toBe('INVALID_JSON');
    const bom = await post([0xef, 0xbb, 0xbf, ...json('{"email":"utf8-bom@example.com"}')]);
    expect(bom.status).toBe(201);
    expect(await t.deps.db.select().from(newsletterSubscribers)).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: 'utf8-bom@example.com' })]),
    );
  });
});

describe('an oversize body over a real connection', () => {
  let server: ServerType;
  let port: number;
  const TWO_MIB = 2 * 1024 * 1024;

  beforeAll(async () => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /**
   * Like most HTTP libraries: write the headers and the whole body (here in
   * 64 KiB pieces, a little slowly, as over a real network), and only then read
   * the answer. A server that stops reading and closes makes such a client fail
   * with a reset or broken pipe instead of seeing the 413.
   */
  function postWholeBodyThenRead(path: string, headers: string): Promise<{ raw: string; error: Error | null }> {
    return new Promise((resolve) => {
      // allowHalfOpen: the server's FIN does not stop this client writing, as it does not stop most.
      const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
      const received: Buffer[] = [];
      let error: Error | null = null;
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      socket.on('error', (cause) => {
        error = cause;
      });
      socket.on('close', () => resolve({ raw: Buffer.concat(received).toString('utf8'), error }));
      socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Content-Length: ${TWO_MIB}\r\n\r\n`);
      const piece = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const writeNext = () => {
        if (socket.destroyed) return;
        if (sent >= TWO_MIB) {
          socket.end();
          return;
        }
        sent += piece.length;
        socket.write(piece, () => setTimeout(writeNext, 25));
      };
      writeNext();
    });
  }

  it('answers a 2 MiB body on /api/newsletter with a 413 JSON error and closes cleanly, without a reset', async () => {
    const { raw, error } = await postWholeBodyThenRead(
      '/api/newsletter',
      `Origin: http://localhost:3000\r\nContent-Type: application/json\r\n`,
    );
    expect(error).toBeNull();
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(body)).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body exceeds 64 KiB' } });
  }, 20_000);

  it('answers 413 the same way whatever else is wrong with the request (no Origin, not JSON)', async () => {
    const foreign = await postWholeBodyThenRead('/api/newsletter', `Content-Type: application/json\r\n`);
    expect(foreign.error).toBeNull();
    expect(foreign.raw).toMatch(/^HTTP\/1\.1 413 /);
    const form = await postWholeBodyThenRead('/api/newsletter', `Content-Type: text/plain\r\nOrigin: http://localhost:3000\r\n`);
    expect(form.error).toBeNull();
    expect(form.raw).toMatch(/^HTTP\/1\.1 413 /);
  }, 20_000);

  // On Node the guard reads the body from the Node request and hands the checked
  // bytes on as its rawBody; these go through that path (app.request() does not).
  const post = (path: string, body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json', ...headers },
      body,
      duplex: 'half',
    });
  const chunked = (...pieces: string[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
        controller.close();
      },
    });

  it('passes a checked body on to the route and to Better Auth over a real socket', async () => {
    const subscribed = await post('/api/newsletter', JSON.stringify({ email: 'Socket.Reader@Example.com' }));
    expect(subscribed.status).toBe(201);
    const rows = await t.deps.db.select().from(newsletterSubscribers);
    expect(rows.map((row) => row.email)).toContain('socket.reader@example.com');
    // Better Auth reads the raw web Request's body itself.
    const signUp = await post(
      '/api/auth/sign-up/email',
      JSON.stringify({ name: 'Socket Saver', email: 'socket.saver@example.com', password: 'Sup3r-Secret-1' }),
    );
    expect(signUp.status).toBe(200);
    expect((await t.deps.db.select().from(user)).map((row) => row.email)).toContain('socket.saver@example.com');
  });

  it('reads a chunked body (no Content-Length) and still caps it', async () => {
    const small = await post('/api/newsletter', chunked('{"email":', '"chunked.reader@example.com"}'));
    expect(small.status).toBe(201);
    const piece = 'a'.repeat(16 * 1024);
    const big = await post('/api/newsletter', chunked('{"email":"', ...Array.from({ length: 8 }, () => piece), '"}'));
    expect(big.status).toBe(413);
    expect(await errorOf(big)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'Request body exceeds 64 KiB' });
  });

  it('answers bad bodies over a real socket as over app.request()', async () => {
    const notJson = await post('/api/newsletter', '{"email":', {});
    expect(notJson.status).toBe(400);
    expect((await errorOf(notJson)).code).toBe('INVALID_JSON');
    const text = await post('/api/newsletter', 'email=a@example.com', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    const nul = await post('/api/newsletter', JSON.stringify({ email: NUL_EMAIL }));
    expect(nul.status).toBe(400);
    expect((await errorOf(nul)).message).toBe('Input contains characters that are not allowed');
    const empty = await post('/api/newsletter', '');
    const emptyInProcess = await send('POST', '/api/newsletter', '');
    expect(empty.status).toBe(400);
    expect(await errorOf(empty)).toEqual(await errorOf(emptyInProcess));
  });

  it('waits for a body that arrives in pieces, a pause between each, and reads all of it', async () => {
    const body = JSON.stringify({ email: 'slow.pieces@example.com' });
    const pieces = [body.slice(0, 5), body.slice(5, 17), body.slice(17)];
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const received: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(received).toString('utf8')));
      socket.write(
        'POST /api/newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://localhost:3000\r\nConnection: close\r\n' +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      );
      pieces.forEach((piece, index) => setTimeout(() => socket.write(piece), 40 * (index + 1)));
    });
    expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 201 Created');
    expect(raw.endsWith('{"status":"subscribed"}')).toBe(true);
    expect(await t.deps.db.select().from(newsletterSubscribers)).toContainEqual(
      expect.objectContaining({ email: 'slow.pieces@example.com' }),
    );
  });

  it('logs a body the client cut off as a 400, not as an unhandled error and a 500', async () => {
    const subscribersBefore = (await t.deps.db.select().from(newsletterSubscribers)).length;
    logLines.length = 0;
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.write(
        'POST /api/newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://localhost:3000\r\n' +
          'Content-Type: application/json\r\nContent-Length: 500\r\n\r\n{"email":',
        () => setTimeout(() => socket.destroy(), 50),
      );
      socket.on('close', () => resolve());
    });
    const lines = () => logLines.map((line) => JSON.parse(line) as { msg: string; status?: number; level: number });
    await vi.waitFor(() => expect(lines().filter((line) => line.msg === 'request')).toHaveLength(1));
    expect(lines().find((line) => line.msg === 'request')).toMatchObject({ status: 400 });
    expect(lines().filter((line) => line.level >= 50)).toEqual([]);
    expect(await t.deps.db.select().from(newsletterSubscribers)).toHaveLength(subscribersBefore);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });

  it('answers node:http clients too, and keeps serving', async () => {
    const answer = await new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/newsletter',
          headers: { origin: 'http://localhost:3000', 'content-type': 'application/json', 'content-length': TWO_MIB },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          response.on('end', () => resolve({ status: response.statusCode, body }));
        },
      );
      request.on('error', reject);
      request.end(Buffer.alloc(TWO_MIB, 'a'));
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });
});
