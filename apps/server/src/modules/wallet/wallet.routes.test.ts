import { and, eq } from 'drizzle-orm';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityAuditLog, userWallets, walletLinkNonces } from '../../db/schema.js';
import type { ErrorBody } from '../../lib/app-error.js';
import { createSignedInUser, type SignedInUser } from '../../test-support/auth.js';
import { DEV_KEYS, addressOfKey, startTestChain, type TestChain } from '../../test-support/chain.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { linkWallet as linkWith, requestLinkMessage, submitLink } from '../../test-support/wallet-link.js';
import type { LinkedWallet } from './get-linked-wallet.js';
import { listLinkedWallets } from './list-linked-wallets.js';

const LINK_LIMIT = 6;

let chain: TestChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ env: { ...chain.env, LIMIT_WALLET_LINK_MAX: String(LINK_LIMIT) } });
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

const alice = privateKeyToAccount(DEV_KEYS[0]);
const bob = privateKeyToAccount(DEV_KEYS[1]);

function getWallet(cookie: string) {
  return t.app.request('/api/wallet', { headers: { cookie, origin: t.config.appUrl } });
}

async function issue(user: SignedInUser, address: string) {
  const response = await requestLinkMessage(t, user.cookie, address);
  expect(response.status).toBe(200);
  return (await response.json()) as { message: string; nonce: string; expiresAt: string };
}

async function linkAudit(userId: string) {
  return t.deps.db
    .select()
    .from(securityAuditLog)
    .where(and(eq(securityAuditLog.userId, userId), eq(securityAuditLog.action, 'WALLET_LINK')));
}

async function expectRefused(response: Response, reason: string, message: RegExp) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as ErrorBody;
  expect(body.error).toMatchObject({ code: 'BAD_REQUEST', details: { reason } });
  expect(body.error.message).toMatch(message);
}

describe('wallet link (EIP-4361)', () => {
  it('refuses a signed-out visitor on every step', async () => {
    expect((await t.app.request('/api/wallet')).status).toBe(401);
    const issued = await t.app.request('/api/wallet/link-message', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.config.appUrl },
      body: JSON.stringify({ walletAddress: alice.address }),
    });
    expect(issued.status).toBe(401);
    const linked = await t.app.request('/api/wallet', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: t.config.appUrl },
      body: JSON.stringify({ message: 'x', signature: '0x00' }),
    });
    expect(linked.status).toBe(401);
  });

  it('issues a message for Keel on Base with a fresh nonce that expires within 10 minutes', async () => {
    const user = await createSignedInUser(t);
    const issued = await issue(user, alice.address.toLowerCase());
    const fields = parseSiweMessage(issued.message);
    expect(fields).toMatchObject({
      domain: 'localhost:3000',
      uri: 'http://localhost:3000',
      address: alice.address,
      chainId: 8453,
      nonce: issued.nonce,
      version: '1',
    });
    expect(issued.message).toContain('Link this wallet to your Keel account');
    expect(issued.message).toContain('Signing sends no transaction and costs nothing.');
    const lifetime = (fields.expirationTime?.getTime() ?? 0) - (fields.issuedAt?.getTime() ?? 0);
    expect(lifetime).toBe(10 * 60_000);
    expect(new Date(issued.expiresAt).getTime()).toBe(fields.expirationTime?.getTime());
    const second = await issue(user, alice.address);
    expect(second.nonce).not.toBe(issued.nonce);
  });

  it('links a wallet after a valid signature, answers it on GET, and audits the link', async () => {
    const user = await createSignedInUser(t);
    expect(await (await getWallet(user.cookie)).json()).toEqual({ wallet: null });
    const { message, nonce } = await issue(user, alice.address);
    const response = await submitLink(t, user.cookie, { message, signature: await alice.signMessage({ message }) });
    expect(response.status).toBe(200);
    const { wallet } = (await response.json()) as { wallet: LinkedWallet };
    expect(wallet).toMatchObject({
      email: user.user.email,
      userId: user.user.id,
      walletAddress: alice.address.toLowerCase(),
      chainId: 8453,
      linkedAt: expect.stringMatching(/Z$/),
    });
    expect(await (await getWallet(user.cookie)).json()).toEqual({ wallet });
    expect(await listLinkedWallets(t.deps.db, user.user.id)).toEqual([alice.address.toLowerCase()]);
    expect(await linkAudit(user.user.id)).toEqual([
      expect.objectContaining({
        success: true,
        metadata: { walletAddress: alice.address.toLowerCase(), nonce, chainId: 8453 },
      }),
    ]);
    // The nonce is gone: single use.
    expect(await t.deps.db.select().from(walletLinkNonces).where(eq(walletLinkNonces.nonce, nonce))).toEqual([]);
  });

  it('refuses a replayed message, and audits the refusal', async () => {
    const user = await createSignedInUser(t);
    const { message } = await issue(user, alice.address);
    const signature = await alice.signMessage({ message });
    expect((await submitLink(t, user.cookie, { message, signature })).status).toBe(200);
    await expectRefused(await submitLink(t, user.cookie, { message, signature }), 'unknown-nonce', /already used/);
    expect((await linkAudit(user.user.id)).map((row) => [row.success, row.metadata.reason ?? null])).toEqual([
      [true, null],
      [false, 'unknown-nonce'],
    ]);
  });

  it('refuses an expired message', async () => {
    const user = await createSignedInUser(t);
    const { message } = await issue(user, alice.address);
    const signature = await alice.signMessage({ message });
    t.advanceTime(10 * 60_000 + 1);
    await expectRefused(await submitLink(t, user.cookie, { message, signature }), 'expired', /expired/);
    expect(await (await getWallet(user.cookie)).json()).toEqual({ wallet: null });
  });

  it('refuses a message for another domain or another chain, even with a valid nonce and signature', async () => {
    const user = await createSignedInUser(t);
    for (const [override, reason] of [
      [{ domain: 'evil.example', uri: 'https://evil.example' }, 'wrong-domain'],
      [{ uri: 'https://evil.example/login' }, 'wrong-domain'],
      [{ chainId: 1 }, 'wrong-chain'],
    ] as const) {
      const { message: issued } = await issue(user, alice.address);
      const fields = parseSiweMessage(issued);
      const forged = createSiweMessage({
        domain: fields.domain ?? '',
        uri: fields.uri ?? '',
        address: alice.address,
        chainId: fields.chainId ?? 0,
        nonce: fields.nonce ?? '',
        issuedAt: fields.issuedAt,
        expirationTime: fields.expirationTime,
        statement: fields.statement,
        version: '1',
        ...override,
      });
      const response = await submitLink(t, user.cookie, {
        message: forged,
        signature: await alice.signMessage({ message: forged }),
      });
      await expectRefused(response, reason, reason === 'wrong-chain' ? /another network/ : /another website/);
    }
    expect(await (await getWallet(user.cookie)).json()).toEqual({ wallet: null });
  });

  it('refuses a nonce from another session, which then still works in its own session', async () => {
    const owner = await createSignedInUser(t);
    const intruder = await createSignedInUser(t);
    const { message } = await issue(owner, alice.address);
    const signature = await alice.signMessage({ message });
    await expectRefused(await submitLink(t, intruder.cookie, { message, signature }), 'other-session', /another session/);
    expect(await (await getWallet(intruder.cookie)).json()).toEqual({ wallet: null });
    expect((await linkAudit(intruder.user.id))[0]).toMatchObject({ success: false, metadata: { reason: 'other-session' } });

    // The same account signed in a second time is another session too.
    const secondSession = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.config.appUrl },
      body: JSON.stringify({ email: owner.user.email, password: 'Correct-Horse-9' }),
    });
    const otherCookie = secondSession.headers
      .getSetCookie()
      .map((entry) => entry.split(';')[0])
      .join('; ');
    await expectRefused(await submitLink(t, otherCookie, { message, signature }), 'other-session', /another session/);

    expect((await submitLink(t, owner.cookie, { message, signature })).status).toBe(200);
  });

  it('refuses a signature by another address, and a message for another address than requested', async () => {
    const user = await createSignedInUser(t);
    const forAlice = await issue(user, alice.address);
    const signedByBob = await bob.signMessage({ message: forAlice.message });
    await expectRefused(
      await submitLink(t, user.cookie, { message: forAlice.message, signature: signedByBob }),
      'bad-signature',
      /does not match/,
    );

    const another = await issue(user, alice.address);
    const fields = parseSiweMessage(another.message);
    const swapped = createSiweMessage({
      domain: fields.domain ?? '',
      uri: fields.uri ?? '',
      scheme: fields.scheme,
      address: bob.address,
      chainId: fields.chainId ?? 0,
      nonce: fields.nonce ?? '',
      issuedAt: fields.issuedAt,
      expirationTime: fields.expirationTime,
      statement: fields.statement,
      version: '1',
    });
    const response = await submitLink(t, user.cookie, {
      message: swapped,
      signature: await bob.signMessage({ message: swapped }),
    });
    await expectRefused(response, 'wrong-address', /another wallet/);
    expect(await (await getWallet(user.cookie)).json()).toEqual({ wallet: null });
  });

  it('keeps one linked wallet per account: a new link replaces the old one', async () => {
    const user = await createSignedInUser(t);
    await linkWith(t, user.cookie, DEV_KEYS[0]);
    await linkWith(t, user.cookie, DEV_KEYS[1]);
    const rows = await t.deps.db.select().from(userWallets).where(eq(userWallets.email, user.user.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.walletAddress).toBe(bob.address.toLowerCase());
    expect(await listLinkedWallets(t.deps.db, user.user.id)).toEqual([bob.address.toLowerCase()]);
  });

  it('lets two accounts link the same address when each signed for it', async () => {
    const first = await createSignedInUser(t);
    const second = await createSignedInUser(t);
    await linkWith(t, first.cookie, DEV_KEYS[2]);
    await linkWith(t, second.cookie, DEV_KEYS[2]);
    const address = privateKeyToAccount(DEV_KEYS[2]).address.toLowerCase();
    expect(await listLinkedWallets(t.deps.db, first.user.id)).toEqual([address]);
    expect(await listLinkedWallets(t.deps.db, second.user.id)).toEqual([address]);
  });

  it('does not count a wallet saved without a signature (before links were proven) as linked', async () => {
    const user = await createSignedInUser(t);
    await t.deps.db.insert(userWallets).values({
      email: user.user.email,
      userId: user.user.id,
      walletAddress: addressOfKey(DEV_KEYS[0]),
      chainId: 8453,
    });
    expect(await (await getWallet(user.cookie)).json()).toEqual({ wallet: null });
    expect(await listLinkedWallets(t.deps.db, user.user.id)).toEqual([]);
    // Signing upgrades the same row.
    await linkWith(t, user.cookie, DEV_KEYS[0]);
    expect(await listLinkedWallets(t.deps.db, user.user.id)).toEqual([alice.address.toLowerCase()]);
  });

  it.each([[{ walletAddress: '0x123' }], [{}], [{ walletAddress: alice.address, userId: 'someone-else' }]])(
    'refuses the link-message body %j with 400',
    async (body) => {
      const user = await createSignedInUser(t);
      const response = await t.app.request('/api/wallet/link-message', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.config.appUrl, cookie: user.cookie },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error.code).toBe('VALIDATION_FAILED');
    },
  );

  it.each([
    [{ message: '', signature: '0x00' }],
    [{ message: 'hello', signature: 'nothex' }],
    [{ message: 'hello' }],
    [{ walletAddress: '0x1111111111111111111111111111111111111111', chainId: 8453 }],
  ])('refuses the link body %j with 400 and links nothing', async (body) => {
    const user = await createSignedInUser(t);
    const response = await submitLink(t, user.cookie, body as { message: string; signature: string });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.code).toBe('VALIDATION_FAILED');
    expect(await (await getWallet(user.cookie)).json()).toEqual({ wallet: null });
  });

  it('refuses a message that is not EIP-4361', async () => {
    const user = await createSignedInUser(t);
    const response = await submitLink(t, user.cookie, {
      message: 'please link me',
      signature: await alice.signMessage({ message: 'x' }),
    });
    await expectRefused(response, 'malformed', /not a Keel wallet-link message/);
  });

  it('limits link requests per account', async () => {
    const user = await createSignedInUser(t);
    for (let attempt = 0; attempt < LINK_LIMIT; attempt += 1) {
      expect((await requestLinkMessage(t, user.cookie, alice.address)).status).toBe(200);
    }
    const denied = await requestLinkMessage(t, user.cookie, alice.address);
    expect(denied.status).toBe(429);
    expect(((await denied.json()) as ErrorBody).error.message).toMatch(/Too many wallet link attempts/);
  });
});
