import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv, SessionUser } from '../lib/app-env.js';
import { sessionMiddleware, type SessionLookup } from './session.js';

const USER: SessionUser = { id: 'user-1', email: 'saver@example.com', name: 'Saver', emailVerified: true };

/** An app whose session read is counted, answering who it found and passing on a refreshed cookie. */
function appWithCountedReads() {
  const reads: string[] = [];
  const found: SessionLookup = { user: USER, sessionId: 'session-1', refreshCookies: ['keel.session=refreshed; Path=/'] };
  const app = new Hono<AppEnv>()
    .use(
      sessionMiddleware(
        (headers) => {
          reads.push(headers.get('cookie') ?? '');
          return Promise.resolve(found);
        },
        { skipPrefix: '/api/auth', publicPaths: ['/api/config', '/api/health'] },
      ),
    )
    .get('/api/*', (c) => c.json({ user: c.get('user')?.id ?? null, sessionId: c.get('sessionId') }));
  return { app, reads };
}

describe('sessionMiddleware', () => {
  it('reads the session for an API route, sets who is asking and passes on the refreshed cookie', async () => {
    const { app, reads } = appWithCountedReads();
    const response = await app.request('/api/wallet', { headers: { cookie: 'keel.session=abc' } });
    expect(await response.json()).toEqual({ user: 'user-1', sessionId: 'session-1' });
    expect(response.headers.get('set-cookie')).toBe('keel.session=refreshed; Path=/');
    expect(reads).toEqual(['keel.session=abc']);
  });

  it.each(['/api/config', '/api/health', '/api/auth/get-session'])(
    'reads no session for %s, even with a cookie',
    async (path) => {
      const { app, reads } = appWithCountedReads();
      const response = await app.request(path, { headers: { cookie: 'keel.session=abc' } });
      expect(await response.json()).toEqual({ user: null, sessionId: null });
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(reads).toEqual([]);
    },
  );

  it('reads the session for a path that only begins like a public one', async () => {
    const { app, reads } = appWithCountedReads();
    await app.request('/api/config/extra', { headers: { cookie: 'keel.session=abc' } });
    await app.request('/api/healthz', { headers: { cookie: 'keel.session=abc' } });
    expect(reads).toHaveLength(2);
  });
});
