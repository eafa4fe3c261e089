import { describe, expect, it } from 'vitest';
import { cookieHeaderFrom } from '../../test-support/auth.js';
import { createTestApp } from '../../test-support/test-app.js';

const ACCOUNT = { email: 'Fixture@Keel.test', name: 'Ada Lovelace', password: 'Keel-Saver-2026!' };

function postFixture(t: Awaited<ReturnType<typeof createTestApp>>, body: unknown = ACCOUNT) {
  return t.app.request('/api/dev/fixtures/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t.config.appUrl },
    body: JSON.stringify(body),
  });
}

describe('POST /api/dev/fixtures/session', () => {
  it('is the ordinary 404 without the TEST_FIXTURES opt-in, and makes no account', async () => {
    const t = await createTestApp();
    try {
      const response = await postFixture(t);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'UNKNOWN_ENDPOINT', message: 'No such API endpoint' } });
      expect(response.headers.getSetCookie()).toEqual([]);
      const signIn = await t.app.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.config.appUrl },
        body: JSON.stringify({ email: ACCOUNT.email, password: ACCOUNT.password }),
      });
      expect(signIn.status).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('with the opt-in, signs a new verified account in: its cookie reads the session, its password signs in, and the only mail is the new-device notice for that second sign-in', async () => {
    const t = await createTestApp({ env: { TEST_FIXTURES: '1', HOST: '127.0.0.1' } });
    try {
      const response = await postFixture(t);
      expect(response.status).toBe(200);
      const cookie = cookieHeaderFrom(response);
      expect(cookie).toMatch(/keel\.session_token=/);
      const session = await t.app.request('/api/auth/get-session', { headers: { cookie } });
      const body = (await session.json()) as { user: { email: string; name: string; emailVerified: boolean } };
      expect(body.user).toMatchObject({ email: 'fixture@keel.test', name: ACCOUNT.name, emailVerified: true });
      const signIn = await t.app.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.config.appUrl },
        body: JSON.stringify({ email: ACCOUNT.email, password: ACCOUNT.password }),
      });
      expect(signIn.status).toBe(200);
      // No verification mail: the fixture's account is verified. The password sign-in has no device cookie, so
      // it is a browser the account has not used before.
      await t.deps.mailOutbox.drain();
      expect((t.deps.mailer.outbox ?? []).map((mail) => [mail.to, mail.subject])).toEqual([
        ['fixture@keel.test', 'New sign-in to Keel'],
      ]);
    } finally {
      await t.close();
    }
  });

  it('refuses a request from another origin, as every state-changing route does', async () => {
    const t = await createTestApp({ env: { TEST_FIXTURES: '1', HOST: '127.0.0.1' } });
    try {
      const response = await t.app.request('/api/dev/fixtures/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
        body: JSON.stringify(ACCOUNT),
      });
      expect(response.status).toBe(403);
    } finally {
      await t.close();
    }
  });

  it('cannot be opted into outside NODE_ENV=test or on a non-loopback bind: the app does not even start', async () => {
    const unsafe: Record<string, string>[] = [
      { TEST_FIXTURES: '1', HOST: '127.0.0.1', NODE_ENV: 'development' },
      { TEST_FIXTURES: '1', HOST: '0.0.0.0' },
    ];
    for (const env of unsafe) {
      await expect(createTestApp({ env })).rejects.toThrow(/TEST_FIXTURES: only allowed when NODE_ENV=test/);
    }
  });
});
