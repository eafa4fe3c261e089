import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@keel/core/auth-messages';
import { rateLimits, securityAuditLog } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { fromSocket, mailsTo, postJson } from '../../test-support/auth-requests.js';
import { AUTH_MAIL_LIMIT_KEY } from './limit-auth-attempt.js';

/** Per-IP limits on the flows that send mail, and the global auth-mail ceiling. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { LIMIT_SIGN_UP_IP_MAX: '2', LIMIT_RESET_IP_MAX: '2', LIMIT_RESEND_IP_MAX: '2', LIMIT_AUTH_MAIL_MAX: '1000' },
  });
});
afterAll(async () => {
  await t.close();
});

const newEmail = () => `limit-${randomUUID()}@keel.test`;

async function messageOf(response: Response) {
  return ((await response.json()) as { error: { message: string } }).error.message;
}

describe.each([
  { flow: 'sign-up', path: '/api/auth/sign-up/email', message: AUTH_MESSAGES.signUpRateLimited, action: 'SIGN_UP' },
  {
    flow: 'reset',
    path: '/api/auth/request-password-reset',
    message: AUTH_MESSAGES.resetRateLimited,
    action: 'PASSWORD_RESET_REQUEST',
  },
  {
    flow: 'resend',
    path: '/api/auth/send-verification-email',
    message: AUTH_MESSAGES.resendRateLimited,
    action: 'EMAIL_VERIFICATION_RESEND',
  },
])('$flow per client IP', ({ path, message, action }) => {
  it('allows LIMIT_*_IP_MAX requests per window from one address, each for a different email, then 429', async () => {
    const address = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    const body = (email: string) => ({ name: 'Per Ip', email, password: 'Sup3r-Secret' });
    for (let i = 0; i < 2; i++) {
      expect((await postJson(t, path, body(newEmail()), {}, fromSocket(address))).status).toBe(200);
    }
    const blocked = await postJson(t, path, body(newEmail()), {}, fromSocket(address));
    expect(blocked.status).toBe(429);
    expect(await messageOf(blocked)).toBe(message);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is unaffected.
    expect((await postJson(t, path, body(newEmail()), {}, fromSocket('203.0.113.99'))).status).toBe(200);
    const denials = await t.deps.db.select().from(securityAuditLog).where(eq(securityAuditLog.action, 'RATE_LIMIT_EXCEEDED'));
    expect(
      denials.some((row) => row.metadata.limitedAction === action && row.metadata.scope === 'ip' && row.ipAddress === address),
    ).toBe(true);
  });
});

describe('the global ceiling on auth mail', () => {
  it('stops every flow that mails once LIMIT_AUTH_MAIL_MAX requests were made in the window, then lets them through again', async () => {
    const capped = await createTestApp({ env: { LIMIT_AUTH_MAIL_MAX: '3', LIMIT_AUTH_MAIL_WINDOW_MS: '3600000' } });
    try {
      // Three different emails from three different addresses: no per-email or per-IP limit is near.
      const first = newEmail();
      expect(
        (
          await postJson(
            capped,
            '/api/auth/sign-up/email',
            { name: 'A', email: first, password: 'Sup3r-Secret' },
            {},
            fromSocket('192.0.2.1'),
          )
        ).status,
      ).toBe(200);
      expect(
        (await postJson(capped, '/api/auth/request-password-reset', { email: newEmail() }, {}, fromSocket('192.0.2.2'))).status,
      ).toBe(200);
      expect(
        (await postJson(capped, '/api/auth/send-verification-email', { email: first }, {}, fromSocket('192.0.2.3'))).status,
      ).toBe(200);

      const blockedSignUp = await postJson(
        capped,
        '/api/auth/sign-up/email',
        { name: 'B', email: newEmail(), password: 'Sup3r-Secret' },
        {},
        fromSocket('192.0.2.4'),
      );
      expect(blockedSignUp.status).toBe(429);
      expect(await messageOf(blockedSignUp)).toBe(AUTH_MESSAGES.signUpRateLimited);
      const blockedReset = await postJson(
        capped,
        '/api/auth/request-password-reset',
        { email: first },
        {},
        fromSocket('192.0.2.5'),
      );
      expect(blockedReset.status).toBe(429);
      expect(await messageOf(blockedReset)).toBe(AUTH_MESSAGES.resetRateLimited);
      const mailsBefore = (await mailsTo(capped, first)).length;
      const blockedResend = await postJson(
        capped,
        '/api/auth/send-verification-email',
        { email: first },
        {},
        fromSocket('192.0.2.6'),
      );
      expect(blockedResend.status).toBe(429);
      expect((await mailsTo(capped, first)).length).toBe(mailsBefore);

      const denials = await capped.deps.db
        .select()
        .from(securityAuditLog)
        .where(eq(securityAuditLog.action, 'RATE_LIMIT_EXCEEDED'));
      expect(denials.filter((row) => row.metadata.scope === 'auth-mail')).toHaveLength(3);

      // The window passes: mail flows again.
      capped.advanceTime(3_600_001);
      expect(
        (await postJson(capped, '/api/auth/request-password-reset', { email: first }, {}, fromSocket('192.0.2.7'))).status,
      ).toBe(200);
    } finally {
      await capped.close();
    }
  });

  it('counts under one key that the pruning keeps only while its window lives', async () => {
    const [row] = await t.deps.db.select().from(rateLimits).where(eq(rateLimits.key, AUTH_MAIL_LIMIT_KEY));
    expect(row?.count).toBeGreaterThan(0);
    t.advanceTime(t.config.limits.authMail.windowMs + 1);
    await t.deps.limiter.prune(t.config.limits.authMail.windowMs);
    expect(await t.deps.db.select().from(rateLimits).where(eq(rateLimits.key, AUTH_MAIL_LIMIT_KEY))).toEqual([]);
  });
});
