import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@keel/core/auth-messages';
import { contactMessages, newsletterSubscribers, waitlistSignups, walletLinkNonces } from '../db/schema.js';
import type { ErrorBody } from '../lib/app-error.js';
import { createSignedInUser } from '../test-support/auth.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LIMIT_FORMS_IP_MAX: '1000' } });
});
afterAll(async () => {
  await t.close();
});

const EVIL = 'https://evil.example';

function send(method: string, path: string, body: unknown, headers: Record<string, string>) {
  return t.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function expectForbidden(response: Response) {
  expect(response.status).toBe(403);
  expect(((await response.json()) as ErrorBody).error).toEqual({ code: 'INVALID_ORIGIN', message: AUTH_MESSAGES.invalidOrigin });
}

describe('Origin check on every state-changing /api request', () => {
  it('refuses a newsletter subscription from a foreign origin and stores nothing', async () => {
    await expectForbidden(await send('POST', '/api/newsletter', { email: 'csrf@example.com' }, { origin: EVIL }));
    expect(await t.deps.db.select().from(newsletterSubscribers)).toEqual([]);
    // The same request from Keel's own page is accepted.
    const own = await send('POST', '/api/newsletter', { email: 'csrf@example.com' }, { origin: t.config.appUrl });
    expect(own.status).toBe(201);
  });

  it('refuses the waitlist and contact forms from a foreign origin', async () => {
    await expectForbidden(await send('POST', '/api/waitlist', { email: 'csrf@example.com' }, { origin: EVIL }));
    await expectForbidden(
      await send('POST', '/api/contact', { name: 'A', email: 'a@example.com', subject: 'S', message: 'M' }, { origin: EVIL }),
    );
    expect(await t.deps.db.select().from(waitlistSignups)).toEqual([]);
    expect(await t.deps.db.select().from(contactMessages)).toEqual([]);
  });

  it("refuses a signed-in user's write riding on their cookie from another site", async () => {
    const { cookie } = await createSignedInUser(t);
    const wallet = { walletAddress: '0xabcdef0123456789abcdef0123456789abcdef01' };
    await expectForbidden(await send('POST', '/api/wallet/link-message', wallet, { cookie, origin: EVIL }));
    await expectForbidden(await send('PUT', '/api/wallet', { message: 'link me', signature: '0x00' }, { cookie, origin: EVIL }));
    expect(await t.deps.db.select().from(walletLinkNonces)).toEqual([]);
    expect((await send('POST', '/api/wallet/link-message', wallet, { cookie, origin: t.config.appUrl })).status).toBe(200);
  });

  it('covers routes it does not know of: any method, any path under /api', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      await expectForbidden(await send(method, '/api/some-future-route/transfer', {}, { origin: EVIL }));
    }
  });

  it('refuses a request with no Origin and no Referer, and a null Origin', async () => {
    await expectForbidden(await send('POST', '/api/newsletter', { email: 'bare@example.com' }, {}));
    await expectForbidden(
      await send('POST', '/api/newsletter', { email: 'null@example.com' }, { origin: 'null', referer: `${t.config.appUrl}/` }),
    );
  });

  it('accepts a same-origin Referer when the browser sent no Origin, and refuses a foreign one', async () => {
    const own = await send('POST', '/api/waitlist', { email: 'referer@example.com' }, { referer: `${t.config.appUrl}/mobile` });
    expect(own.status).toBe(201);
    await expectForbidden(await send('POST', '/api/waitlist', { email: 'referer2@example.com' }, { referer: `${EVIL}/page` }));
  });

  it('reads an Origin as a URL: its own origin written another way is accepted, a look-alike refused', async () => {
    const own = new URL(t.config.appUrl);
    // (A value's surrounding spaces never reach it: HTTP header values are trimmed.)
    const written = [`${own.origin}/`, own.origin.toUpperCase(), ` ${own.origin} `];
    for (const [n, origin] of written.entries()) {
      const response = await send('POST', '/api/waitlist', { email: `written-${n}@example.com` }, { origin });
      expect(response.status).toBe(201);
    }
    const lookAlikes = [
      `${own.protocol}//${own.hostname}:${Number(own.port || 80) + 1}`,
      `${own.protocol === 'http:' ? 'https:' : 'http:'}//${own.host}`,
      `${own.protocol}//evil.${own.host}`,
      `${own.origin}.evil.example`,
    ];
    for (const origin of lookAlikes) {
      await expectForbidden(await send('POST', '/api/waitlist', { email: 'look-alike@example.com' }, { origin }));
    }
    expect(await t.deps.db.select().from(waitlistSignups)).not.toContainEqual(
      expect.objectContaining({ email: 'look-alike@example.com' }),
    );
  });

  it('leaves reads alone', async () => {
    const response = await t.app.request('/api/health', { headers: { origin: EVIL } });
    expect(response.status).toBe(200);
  });
});
