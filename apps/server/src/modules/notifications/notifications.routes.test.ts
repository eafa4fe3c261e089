import { DEFAULT_NOTIFICATION_PREFERENCES } from '@keel/core/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../test-support/auth.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { signUnsubscribeToken, UNSUBSCRIBE_TOKEN_TTL_MS, unsubscribeUrl } from './unsubscribe-token.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function putPreferences(cookie: string, body: unknown) {
  return t.app.request('/api/notifications/preferences', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: t.config.appUrl, cookie },
    body: JSON.stringify(body),
  });
}

async function preferencesOf(cookie: string) {
  const response = await t.app.request('/api/notifications/preferences', { headers: { cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { preferences: Record<string, boolean> }).preferences;
}

describe('/api/notifications/preferences', () => {
  it('needs a signed-in saver', async () => {
    expect((await t.app.request('/api/notifications/preferences')).status).toBe(401);
    const put = await t.app.request('/api/notifications/preferences', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: t.config.appUrl },
      body: JSON.stringify({ preferences: { usdc_received: false } }),
    });
    expect(put.status).toBe(401);
  });

  it('starts with money movements and the statement on and the vault alerts off, and keeps each change', async () => {
    const { cookie } = await createSignedInUser(t);
    expect(await preferencesOf(cookie)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(DEFAULT_NOTIFICATION_PREFERENCES).toMatchObject({ deposit_confirmed: true, monthly_statement: true });

    const changed = await putPreferences(cookie, { preferences: { usdc_received: false, share_price_drop: true } });
    expect(changed.status).toBe(200);
    const expected = { ...DEFAULT_NOTIFICATION_PREFERENCES, usdc_received: false, share_price_drop: true };
    expect(((await changed.json()) as { preferences: unknown }).preferences).toEqual(expected);
    expect(await preferencesOf(cookie)).toEqual(expected);

    // Another saver's settings are their own.
    const other = await createSignedInUser(t);
    expect(await preferencesOf(other.cookie)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it('refuses an unknown kind, a value that is not on or off, and an empty change with a 400', async () => {
    const { cookie } = await createSignedInUser(t);
    for (const body of [
      { preferences: { weekly_spam: true } },
      { preferences: { usdc_received: 'yes' } },
      { preferences: {} },
      { preferences: { usdc_received: true }, extra: 1 },
      {},
    ]) {
      const response = await putPreferences(cookie, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    }
    expect(await preferencesOf(cookie)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });
});

describe('/unsubscribe (one click, from the mail)', () => {
  function pathOf(url: string): string {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  }

  it('shows a confirm page on GET (changing nothing), and turns only that kind off on a POST without session or origin', async () => {
    const { cookie, user } = await createSignedInUser(t);
    const link = pathOf(
      unsubscribeUrl(
        t.config.appUrl,
        signUnsubscribeToken(t.config.authSecret, { userId: user.id, kind: 'deposit_confirmed' }, t.deps.now()),
      ),
    );

    const page = await t.app.request(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Stop “Deposit confirmed” emails?');
    expect(html).toContain('<form method="post"');
    expect(await preferencesOf(cookie)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);

    // RFC 8058: the mail provider posts this body, with no cookie and no Origin or Referer.
    const oneClick = () =>
      t.app.request(link, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    const done = await oneClick();
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are unsubscribed');
    expect(await preferencesOf(cookie)).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, deposit_confirmed: false });

    // Again: harmless.
    expect((await oneClick()).status).toBe(200);
    expect(await preferencesOf(cookie)).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, deposit_confirmed: false });
  });

  it('answers an expired link with a clear 400 page and changes nothing', async () => {
    const { cookie, user } = await createSignedInUser(t);
    const issued = t.deps.now() - UNSUBSCRIBE_TOKEN_TTL_MS - 1000;
    const link = pathOf(
      unsubscribeUrl(
        t.config.appUrl,
        signUnsubscribeToken(t.config.authSecret, { userId: user.id, kind: 'usdc_received' }, issued),
      ),
    );
    for (const method of ['GET', 'POST']) {
      const response = await t.app.request(link, { method });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('This unsubscribe link has expired');
    }
    expect(await preferencesOf(cookie)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it('answers a forged or altered link with a 400 page and changes nothing', async () => {
    const { cookie, user } = await createSignedInUser(t);
    const victim = await createSignedInUser(t);
    const now = t.deps.now();
    const forged = signUnsubscribeToken(
      'another-secret-another-secret-another-secret',
      { userId: user.id, kind: 'usdc_received' },
      now,
    );
    const mine = signUnsubscribeToken(t.config.authSecret, { userId: user.id, kind: 'usdc_received' }, now);
    // The signature of my link on someone else's id, or on another kind.
    const [, , expires, mac] = mine.split('.');
    const retargeted = `${Buffer.from(victim.user.id).toString('base64url')}.usdc_received.${expires}.${mac}`;
    const otherKind = mine.replace('.usdc_received.', '.monthly_statement.');
    for (const token of [forged, retargeted, otherKind, 'nonsense', '']) {
      const response = await t.app.request(`/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST' });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('This unsubscribe link does not work');
    }
    expect(await preferencesOf(cookie)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(await preferencesOf(victim.cookie)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });
});
