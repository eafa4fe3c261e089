import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@keel/core/auth-messages';
import { createApp } from '../../app.js';
import { securityAuditLog } from '../../db/schema.js';
import { assembleDeps } from '../../create-deps.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createSignedInUser, TEST_PASSWORD } from '../../test-support/auth.js';
import { fromSocket, postJson } from '../../test-support/auth-requests.js';

/**
 * Server-side limits hold across instances: a second app on the same database
 * (its own auth and limiter objects) sees the first one's counters.
 */
let a: TestApp & { databaseUrl: string | undefined };
let b: TestApp;
let closeB: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  // A small per-IP cap keeps the per-IP test quick; the per-email limits stay at their defaults (sign-in 5 per 15 minutes, sign-up and reset 3 per 30).
  const env = { LIMIT_SIGN_IN_IP_MAX: '8' };
  a = await createTestApp({ env });
  if (a.databaseUrl) {
    const second = await createTestApp({ databaseUrl: a.databaseUrl, env });
    b = second;
    closeB = second.close;
    return;
  }
  // PGlite is one process per database: a second app over the same handle.
  const deps = assembleDeps({ config: a.config, db: a.deps.db, logger: a.deps.logger, mailer: a.deps.mailer });
  let offset = 0;
  deps.now = () => Date.now() + offset;
  const { app, fastPath, errorAnswers } = createApp(deps);
  b = {
    app,
    fastPath,
    errorAnswers,
    deps,
    config: a.config,
    database: a.database,
    advanceTime: (ms) => {
      offset += ms;
    },
    close: async () => undefined,
  };
});
afterAll(async () => {
  await closeB();
  await a.close();
});

async function messageOf(response: Response) {
  return ((await response.json()) as { error: { message: string } }).error.message;
}

describe('sign-in limit', () => {
  it('allows 5 attempts per email across two instances and blocks the 6th with 429', async () => {
    const account = await createSignedInUser(a);
    const wrong = { email: account.user.email, password: 'Wrong-Pass-1' };
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? a : b;
      expect((await postJson(app, '/api/auth/sign-in/email', wrong)).status).toBe(401);
    }
    const sixth = await postJson(b, '/api/auth/sign-in/email', { email: account.user.email, password: TEST_PASSWORD });
    expect(sixth.status).toBe(429);
    expect(await messageOf(sixth)).toBe(AUTH_MESSAGES.signInRateLimited);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    const denial = await a.deps.db.select().from(securityAuditLog).where(eq(securityAuditLog.action, 'RATE_LIMIT_EXCEEDED'));
    expect(denial.some((row) => row.metadata.email === account.user.email && row.metadata.limitedAction === 'SIGN_IN')).toBe(
      true,
    );

    // After the 15-minute window the right password works again.
    a.advanceTime(a.config.limits.signIn.windowMs + 1);
    b.advanceTime(a.config.limits.signIn.windowMs + 1);
    expect((await postJson(a, '/api/auth/sign-in/email', { email: account.user.email, password: TEST_PASSWORD })).status).toBe(
      200,
    );
  });

  it('clears the email counter on a successful sign-in', async () => {
    const account = await createSignedInUser(a);
    for (let i = 0; i < 4; i++)
      await postJson(a, '/api/auth/sign-in/email', { email: account.user.email, password: 'Wrong-Pass-1' });
    expect((await postJson(b, '/api/auth/sign-in/email', { email: account.user.email, password: TEST_PASSWORD })).status).toBe(
      200,
    );
    for (let i = 0; i < 5; i++) {
      expect((await postJson(a, '/api/auth/sign-in/email', { email: account.user.email, password: 'Wrong-Pass-1' })).status).toBe(
        401,
      );
    }
  });

  it('limits sign-in attempts per client IP, taken from the socket', async () => {
    const limit = a.config.limits.signInPerIp.max;
    const socket = fromSocket('203.0.113.7');
    for (let i = 0; i < limit; i++) {
      const response = await postJson(
        a,
        '/api/auth/sign-in/email',
        { email: `ip-${i}@keel.test`, password: 'Wrong-Pass-1' },
        {},
        socket,
      );
      expect(response.status).toBe(401);
    }
    const blocked = await postJson(
      b,
      '/api/auth/sign-in/email',
      { email: 'ip-last@keel.test', password: 'Wrong-Pass-1' },
      {},
      socket,
    );
    expect(blocked.status).toBe(429);
    expect(await messageOf(blocked)).toBe(AUTH_MESSAGES.signInRateLimited);
    // A forged X-Forwarded-For from an untrusted socket changes nothing.
    const forged = await postJson(
      a,
      '/api/auth/sign-in/email',
      { email: 'ip-x@keel.test', password: 'x' },
      { 'x-forwarded-for': '198.51.100.1' },
      socket,
    );
    expect(forged.status).toBe(429);
    // Another address is unaffected.
    const other = await postJson(
      a,
      '/api/auth/sign-in/email',
      { email: 'ip-y@keel.test', password: 'Wrong-Pass-1' },
      {},
      fromSocket('203.0.113.8'),
    );
    expect(other.status).toBe(401);
  });
});

describe('sign-up and reset limits', () => {
  it('allows 3 sign-ups per email per 30 minutes across instances', async () => {
    const email = `limited-${Date.now()}@keel.test`;
    const body = { name: 'Lim Ited', email, password: 'Sup3r-Secret' };
    expect((await postJson(a, '/api/auth/sign-up/email', body)).status).toBe(200);
    expect((await postJson(b, '/api/auth/sign-up/email', body)).status).toBe(200);
    expect((await postJson(a, '/api/auth/sign-up/email', body)).status).toBe(200);
    const fourth = await postJson(b, '/api/auth/sign-up/email', body);
    expect(fourth.status).toBe(429);
    expect(await messageOf(fourth)).toBe(AUTH_MESSAGES.signUpRateLimited);
  });

  it('allows 3 reset requests per email per 30 minutes across instances', async () => {
    const email = `reset-limit-${Date.now()}@keel.test`;
    for (const app of [a, b, a]) expect((await postJson(app, '/api/auth/request-password-reset', { email })).status).toBe(200);
    const fourth = await postJson(b, '/api/auth/request-password-reset', { email });
    expect(fourth.status).toBe(429);
    expect(await messageOf(fourth)).toBe(AUTH_MESSAGES.resetRateLimited);
  });

  it('shares sessions between instances: signed in on one, known on the other, signed out on both', async () => {
    const account = await createSignedInUser(a);
    const seen = await b.app.request('/api/auth/get-session', { headers: { cookie: account.cookie } });
    expect(((await seen.json()) as { user: { id: string } }).user.id).toBe(account.user.id);
    await postJson(b, '/api/auth/sign-out', {}, { cookie: account.cookie });
    const after = await a.app.request('/api/auth/get-session', { headers: { cookie: account.cookie } });
    expect(await after.json()).toBeNull();
  });
});
