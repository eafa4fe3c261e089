import type { PasskeyAccount, PasskeyChallenge } from '@keel/core/passkey-account';
import { SAFE_ACCOUNT_ADDRESSES, SAFE_ACCOUNT_SETTINGS } from '@keel/core/safe-account';
import { and, eq } from 'drizzle-orm';
import { toSafeSmartAccount } from 'permissionless/accounts';
import { concatHex, type Hex } from 'viem';
import { toWebAuthnAccount } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SafeProxyFactory from '@safe-global/safe-contracts/build/artifacts/contracts/proxies/SafeProxyFactory.sol/SafeProxyFactory.json' with { type: 'json' };
import { passkeyAccounts, securityAuditLog } from '../../db/schema.js';
import type { ErrorBody } from '../../lib/app-error.js';
import { createSignedInUser, type SignedInUser } from '../../test-support/auth.js';
import { ANVIL_MISSING, chainClients, rpc, startTestChain, type TestChain } from '../../test-support/chain.js';
import { createSoftwareRegistration } from '../../test-support/software-passkey.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

const LIMIT = 10;

let chain: TestChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain();
  // The proxy factory at its canonical address, as on Base: the address computation reads its creation code.
  await rpc(chain.rpcUrl, 'anvil_setCode', [SAFE_ACCOUNT_ADDRESSES.safeProxyFactory, SafeProxyFactory.deployedBytecode]);
  t = await createTestApp({
    env: { ...chain.env, BUNDLER_URL: 'http://127.0.0.1:4337', LIMIT_PASSKEY_ACCOUNT_MAX: String(LIMIT) },
  });
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

function post(cookie: string, path: string, body: unknown = {}) {
  return t.app.request(`/api/passkey-account${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t.config.appUrl, cookie },
    body: JSON.stringify(body),
  });
}

async function issue(user: SignedInUser): Promise<PasskeyChallenge> {
  const response = await post(user.cookie, '/challenge');
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as PasskeyChallenge;
}

function registration(
  challenge: string,
  overrides: { origin?: string; rpId?: string; userVerified?: boolean; algorithm?: -7 | -8 } = {},
) {
  return createSoftwareRegistration({ challenge, rpId: 'localhost', origin: 'http://localhost:3000', ...overrides });
}

async function expectRefused(response: Response, status: number, reason: string) {
  const body = (await response.json()) as ErrorBody;
  expect({ status: response.status, reason: body.error.details?.reason }).toEqual({ status, reason });
  return body;
}

async function expectedAddress(publicKeyX: string, publicKeyY: string, recoveryOwner: `0x${string}`, credentialId: string) {
  const passkey = toWebAuthnAccount({
    credential: { id: credentialId, publicKey: concatHex([publicKeyX as Hex, publicKeyY as Hex]) },
  });
  const account = await toSafeSmartAccount({
    ...SAFE_ACCOUNT_SETTINGS,
    client: chainClients(chain.rpcUrl).publicClient,
    owners: [passkey, { type: 'json-rpc', address: recoveryOwner }],
  });
  return (await account.getAddress()).toLowerCase();
}

describe.skipIf(ANVIL_MISSING)('passkey savings account registration', () => {
  it('refuses a signed-out visitor', async () => {
    expect((await t.app.request('/api/passkey-account')).status).toBe(401);
    const response = await t.app.request('/api/passkey-account/challenge', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.config.appUrl },
      body: '{}',
    });
    expect(response.status).toBe(401);
  });

  it('refuses a request from another site before anything else', async () => {
    const user = await createSignedInUser(t);
    const response = await t.app.request('/api/passkey-account/challenge', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', cookie: user.cookie },
      body: '{}',
    });
    expect(response.status).toBe(403);
  });

  it('creates the Safe the server computes from the passkey and the recovery key, and links it as the wallet', async () => {
    const user = await createSignedInUser(t);
    const before = (await (await t.app.request('/api/passkey-account', { headers: { cookie: user.cookie } })).json()) as {
      account: PasskeyAccount | null;
    };
    expect(before.account).toBeNull();

    const issued = await issue(user);
    expect(issued.rp).toEqual({ id: 'localhost', name: 'Keel' });
    expect(issued.user.name).toBe(user.user.email);
    expect(Date.parse(issued.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    const recovery = privateKeyToAccount(generatePrivateKey());
    const made = registration(issued.challenge);
    const response = await post(user.cookie, '', { credential: made.credential, recoveryOwner: recovery.address });
    expect(response.status, await response.clone().text()).toBe(201);
    const { account } = (await response.json()) as { account: PasskeyAccount };
    if (!made.publicKeyY) throw new Error('an ES256 key has a y coordinate');
    expect(account).toMatchObject({
      credentialId: made.credential.id,
      publicKeyX: made.publicKeyX,
      publicKeyY: made.publicKeyY,
      recoveryOwner: recovery.address.toLowerCase(),
      verifier: (0x100n << 160n).toString(),
      isDeployed: false,
    });
    expect(account.address).toBe(await expectedAddress(made.publicKeyX, made.publicKeyY, recovery.address, made.credential.id));

    const fetched = (await (await t.app.request('/api/passkey-account', { headers: { cookie: user.cookie } })).json()) as {
      account: PasskeyAccount;
    };
    expect(fetched.account).toEqual(account);
    const wallet = (await (await t.app.request('/api/wallet', { headers: { cookie: user.cookie } })).json()) as {
      wallet: { walletAddress: string };
    };
    expect(wallet.wallet.walletAddress).toBe(account.address);

    const audit = await t.deps.db
      .select()
      .from(securityAuditLog)
      .where(and(eq(securityAuditLog.userId, user.user.id), eq(securityAuditLog.action, 'PASSKEY_ACCOUNT_CREATE')));
    expect(audit.map((row) => row.success)).toEqual([true]);

    // One savings account per person: a second one is refused before a passkey is made.
    await expectRefused(await post(user.cookie, '/challenge'), 409, 'already-exists');
  });

  it('takes the address from the server only, never from the browser', async () => {
    const user = await createSignedInUser(t);
    const issued = await issue(user);
    const made = registration(issued.challenge);
    const response = await post(user.cookie, '', {
      credential: made.credential,
      recoveryOwner: privateKeyToAccount(generatePrivateKey()).address,
      address: '0x000000000000000000000000000000000000dead',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.code).toBe('VALIDATION_FAILED');
  });

  it('uses a challenge once, for the user it was issued to, within its five minutes', async () => {
    const alice = await createSignedInUser(t);
    const bob = await createSignedInUser(t);
    const recoveryOwner = privateKeyToAccount(generatePrivateKey()).address;

    const forAlice = await issue(alice);
    const stolen = await post(bob.cookie, '', { credential: registration(forAlice.challenge).credential, recoveryOwner });
    await expectRefused(stolen, 400, 'unknown-challenge');

    const expiring = await issue(bob);
    t.advanceTime(5 * 60_000 + 1);
    const late = await post(bob.cookie, '', { credential: registration(expiring.challenge).credential, recoveryOwner });
    const body = await expectRefused(late, 400, 'unknown-challenge');
    expect(body.error.message).toMatch(/start again/);

    const fresh = await issue(bob);
    const refusedOnce = await post(bob.cookie, '', {
      credential: registration(fresh.challenge, { userVerified: false }).credential,
      recoveryOwner,
    });
    await expectRefused(refusedOnce, 400, 'not-verified');
    // The refused attempt spent the challenge.
    const replay = await post(bob.cookie, '', { credential: registration(fresh.challenge).credential, recoveryOwner });
    await expectRefused(replay, 400, 'unknown-challenge');
    const rows = await t.deps.db.select().from(passkeyAccounts).where(eq(passkeyAccounts.userId, bob.user.id));
    expect(rows).toEqual([]);
  });

  it('refuses a passkey made for another site, one without user verification, and a key Safe cannot verify', async () => {
    const user = await createSignedInUser(t);
    const recoveryOwner = privateKeyToAccount(generatePrivateKey()).address;
    const attempt = async (overrides: Parameters<typeof registration>[1]) => {
      const issued = await issue(user);
      return post(user.cookie, '', { credential: registration(issued.challenge, overrides).credential, recoveryOwner });
    };
    await expectRefused(await attempt({ origin: 'https://keel.example.evil' }), 400, 'not-verified');
    await expectRefused(await attempt({ rpId: 'evil.example' }), 400, 'not-verified');
    await expectRefused(await attempt({ userVerified: false }), 400, 'not-verified');
    const body = await expectRefused(await attempt({ algorithm: -8 }), 400, 'not-es256');
    expect(body.error.message).toMatch(/another device/);
    const audit = await t.deps.db
      .select()
      .from(securityAuditLog)
      .where(and(eq(securityAuditLog.userId, user.user.id), eq(securityAuditLog.action, 'PASSKEY_ACCOUNT_CREATE')));
    expect(audit.filter((row) => !row.success)).toHaveLength(4);
  });

  it('limits attempts per user', async () => {
    const user = await createSignedInUser(t);
    for (let attempt = 0; attempt < LIMIT; attempt += 1) await issue(user);
    const response = await post(user.cookie, '/challenge');
    expect(response.status).toBe(429);
    expect(((await response.json()) as ErrorBody).error.message).toMatch(/Too many attempts/);
  });

  it('tells the browser once the first operation has deployed the account', async () => {
    const user = await createSignedInUser(t);
    const issued = await issue(user);
    const created = await post(user.cookie, '', {
      credential: registration(issued.challenge).credential,
      recoveryOwner: privateKeyToAccount(generatePrivateKey()).address,
    });
    const { account } = (await created.json()) as { account: PasskeyAccount };
    await rpc(chain.rpcUrl, 'anvil_setCode', [account.address, '0x6000']);
    const fetched = (await (await t.app.request('/api/passkey-account', { headers: { cookie: user.cookie } })).json()) as {
      account: PasskeyAccount;
    };
    expect(fetched.account.isDeployed).toBe(true);
  });

  it('publishes the bundler to the web app', async () => {
    const config = (await (await t.app.request('/api/config')).json()) as { passkeyAccount: unknown };
    expect(config.passkeyAccount).toEqual({ enabled: true, bundlerUrl: 'http://127.0.0.1:4337', chainId: 8453 });
  });
});

describe('passkey savings accounts switched off', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp();
  });
  afterAll(async () => {
    await off?.close();
  });

  it('answers clearly that they are not available, and the web app hides them', async () => {
    const user = await createSignedInUser(off);
    const response = await off.app.request('/api/passkey-account', { headers: { cookie: user.cookie } });
    expect(response.status).toBe(404);
    const body = (await response.json()) as ErrorBody;
    expect(body.error).toMatchObject({ code: 'PASSKEY_ACCOUNTS_OFF', message: expect.stringMatching(/not available/) });
    const config = (await (await off.app.request('/api/config')).json()) as { passkeyAccount: unknown };
    expect(config.passkeyAccount).toEqual({ enabled: false, bundlerUrl: null, chainId: 8453 });
  });
});
