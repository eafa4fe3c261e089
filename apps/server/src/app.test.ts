import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support/test-app.js';
import type { ErrorBody } from './lib/app-error.js';
import { createSignedInUser, TEST_PASSWORD } from './test-support/auth.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('platform', () => {
  it('reports the database as reachable', async () => {
    const response = await t.app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'up', mail: { pending: 0, failed: 0 } });
  });

  it('sends the security headers on every response', async () => {
    for (const path of ['/api/health', '/api/nope', '/anything']) {
      const response = await t.app.request(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toMatch(/connect-src 'self' https:\/\/mainnet\.base\.org/);
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy')).toBe('geolocation=(), microphone=(), camera=()');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('strict-transport-security')).toBeNull();
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('keeps no-store and the request id on answers a handler builds itself (the Better Auth pass-through)', async () => {
    const { cookie } = await createSignedInUser(t, { email: 'headers@keel.test' });
    const signIn = (password: string) =>
      t.app.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.config.appUrl },
        body: JSON.stringify({ email: 'headers@keel.test', password }),
      });
    const refused = await signIn('Wrong-Horse-9');
    const signedIn = await signIn(TEST_PASSWORD);
    const signedOut = await t.app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.config.appUrl, cookie },
      body: '{}',
    });
    expect([refused.status, signedIn.status, signedOut.status]).toEqual([401, 200, 200]);
    // The signed-in answer carries the session cookie and the account: no cache may keep it.
    expect(signedIn.headers.getSetCookie().join()).toContain('session_token');
    for (const response of [refused, signedIn, signedOut]) {
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.request('/api/does-not-exist', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', origin: t.config.appUrl },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'UNKNOWN_ENDPOINT', message: 'No such API endpoint' } });
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await t.app.request('/api/health', {
      method: 'POST',
      body: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as ErrorBody).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses an oversize body with 413 and asks to close the connection', async () => {
    const body = JSON.stringify({ email: 'x'.repeat(200_000) });
    const response = await t.app.request('/api/health', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect(((await response.json()) as ErrorBody).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('keeps a valid incoming request id and replaces a hostile one', async () => {
    const kept = await t.app.request('/api/health', { headers: { 'x-request-id': 'abc12345-req' } });
    expect(kept.headers.get('x-request-id')).toBe('abc12345-req');
    const replaced = await t.app.request('/api/health', { headers: { 'x-request-id': '<script>' } });
    expect(replaced.headers.get('x-request-id')).not.toBe('<script>');
  });
});

describe('https deployments', () => {
  it('adds HSTS and upgrade-insecure-requests when APP_URL is https', async () => {
    const secure = await createTestApp({ env: { APP_URL: 'https://keel.example' } });
    try {
      const response = await secure.app.request('/api/health');
      expect(response.headers.get('strict-transport-security')).toContain('max-age=');
      expect(response.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });
});
