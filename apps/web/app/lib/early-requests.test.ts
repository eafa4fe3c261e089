import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from './auth-client';
import { dropEarlyResponses, WALLET_MARK, takeEarlyResponse } from './early-requests';

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => {
  delete window.__keelEarlyRequests;
  vi.unstubAllGlobals();
});

describe('early requests from the shell', () => {
  it('answer the first query for their URL only; the next one asks the server', async () => {
    const user = { id: 'u1', email: 'saver@keel.test', name: 'Saver', emailVerified: true };
    window.__keelEarlyRequests = { '/api/auth/get-session': json({ user }) };
    const fetchSpy = vi.fn(() => json({ user: { ...user, name: 'Fresh' } }));
    vi.stubGlobal('fetch', fetchSpy);

    expect(await getSession()).toEqual({ user });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect((await getSession())?.user.name).toBe('Fresh');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('are all dropped when the session names nobody: nothing asked early answers for a later sign-in', async () => {
    window.__keelEarlyRequests = {
      '/api/auth/get-session': json(null),
      '/api/wallet': json({ wallet: { walletAddress: '0xabc' } }),
    };
    expect(await getSession()).toBeNull();
    expect(takeEarlyResponse('/api/wallet')).toBeNull();
  });

  it('forget the linked-wallet mark with them: a later account does not see the last one’s checklist', () => {
    document.documentElement.setAttribute(WALLET_MARK, 'none');
    window.__keelEarlyRequests = { '/api/wallet': json({ wallet: null }) };
    dropEarlyResponses();
    expect(document.documentElement.hasAttribute(WALLET_MARK)).toBe(false);
    expect(takeEarlyResponse('/api/wallet')).toBeNull();
  });
});
