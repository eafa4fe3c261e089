import type { Address } from '@keel/core/address';
import type { AccountPasskey, PasskeyAccount, PasskeyChallenge } from '@keel/core/passkey-account';
import { SAFE_ACCOUNT_ADDRESSES, SAFE_ACCOUNT_SETTINGS, SAFE_OWNER_ABI, SAFE_OWNERS_SENTINEL } from '@keel/core/safe-account';
import { toSafeSmartAccount } from 'permissionless/accounts';
import { SafeSmartAccount } from 'permissionless/accounts/safe';
import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  erc4626Abi,
  http,
  parseAbi,
  parseUnits,
  type Hex,
  type PublicClient,
} from 'viem';
import type { SmartAccount } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBundler, type LocalBundler } from '../../../../../contracts/bundler.js';
import type { ErrorBody } from '../../lib/app-error.js';
import { createSignedInUser, type SignedInUser } from '../../test-support/auth.js';
import { ANVIL_CHAIN_ID, ANVIL_MISSING, startTestChain, type TestChain } from '../../test-support/chain.js';
import { createSoftwarePasskey, type SoftwarePasskey } from '../../test-support/passkey.js';
import { createSoftwareRegistration } from '../../test-support/software-passkey.js';
import { keelBundlerClient } from '../../test-support/keel-bundler.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

const safeOwnerAbi = parseAbi(SAFE_OWNER_ABI);
const signerFactoryAbi = parseAbi([
  'function createSigner(uint256 x, uint256 y, uint176 verifiers) returns (address signer)',
  'function getSigner(uint256 x, uint256 y, uint176 verifiers) view returns (address signer)',
]);

/**
 * A savings account's passkeys, through the app and on the local chain (anvil + alto + Keel's
 * paymaster): another device's passkey is recorded pending and becomes active only once the Safe
 * lists it; the recovery key alone can add one; a passkey that is not an owner is refused.
 */
describe.skipIf(ANVIL_MISSING)('a savings account’s passkeys', () => {
  let chain: TestChain;
  let bundler: LocalBundler;
  let t: TestApp;
  let publicClient: PublicClient;

  beforeAll(async () => {
    chain = await startTestChain();
    bundler = await startLocalBundler(chain.rpcUrl);
    t = await createTestApp({ env: { ...chain.env, BUNDLER_URL: bundler.url } });
    publicClient = createPublicClient({
      chain: {
        id: ANVIL_CHAIN_ID,
        name: 'Local Base',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [chain.rpcUrl] } },
      },
      transport: http(chain.rpcUrl),
      pollingInterval: 100,
    });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await bundler?.stop();
    await chain?.stop();
  });

  function post(cookie: string, path: string, body: unknown = {}) {
    return t.app.request(`/api/passkey-account${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: t.config.appUrl,
        cookie,
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0',
      },
      body: JSON.stringify(body),
    });
  }

  async function challenge(user: SignedInUser, path: string): Promise<string> {
    const response = await post(user.cookie, path);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as PasskeyChallenge).challenge;
  }

  const registration = (challengeText: string, key?: SoftwarePasskey) =>
    createSoftwareRegistration({
      challenge: challengeText,
      rpId: 'localhost',
      origin: 'http://localhost:3000',
      ...(key ? { coordinates: { x: key.x, y: key.y } } : {}),
    }).credential;

  async function createAccount(user: SignedInUser, first: SoftwarePasskey, recoveryOwner: Address): Promise<PasskeyAccount> {
    const credential = registration(await challenge(user, '/challenge'), first);
    const response = await post(user.cookie, '', { credential, recoveryOwner });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { account: PasskeyAccount }).account;
  }

  async function addPasskey(user: SignedInUser, key?: SoftwarePasskey): Promise<Response> {
    return post(user.cookie, '/passkeys', { credential: registration(await challenge(user, '/passkeys/challenge'), key) });
  }

  async function sync(user: SignedInUser): Promise<PasskeyAccount> {
    const response = await post(user.cookie, '/passkeys/sync');
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { account: PasskeyAccount }).account;
  }

  describe('the routes', () => {
    it('refuse a signed-out visitor and a request from another site', async () => {
      for (const path of ['/passkeys/challenge', '/passkeys', '/passkeys/sync']) {
        const response = await t.app.request(`/api/passkey-account${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: t.config.appUrl },
          body: '{}',
        });
        expect(response.status, path).toBe(401);
      }
      const user = await createSignedInUser(t);
      const foreign = await t.app.request('/api/passkey-account/passkeys/challenge', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://evil.example', cookie: user.cookie },
        body: '{}',
      });
      expect(foreign.status).toBe(403);
    });

    it('tell a saver without a savings account that there is none to add a passkey to', async () => {
      const user = await createSignedInUser(t);
      const response = await post(user.cookie, '/passkeys/challenge');
      expect(response.status).toBe(404);
      expect(((await response.json()) as ErrorBody).error.message).toMatch(/do not have a savings account/);
    });

    it('refuse a malformed passkey and one made for another challenge', async () => {
      const user = await createSignedInUser(t);
      await createAccount(user, createSoftwarePasskey(), privateKeyToAccount(generatePrivateKey()).address);
      const malformed = await post(user.cookie, '/passkeys', { credential: { id: 'not base64!' } });
      expect(malformed.status).toBe(400);
      expect(((await malformed.json()) as ErrorBody).error.code).toBe('VALIDATION_FAILED');
      const unknown = await post(user.cookie, '/passkeys', { credential: registration('bm90LWlzc3VlZA') });
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as ErrorBody).error.details?.reason).toBe('unknown-challenge');
    });

    it('record another passkey as pending, and keep it pending while the Safe does not list it', async () => {
      const user = await createSignedInUser(t);
      const account = await createAccount(user, createSoftwarePasskey(), privateKeyToAccount(generatePrivateKey()).address);
      expect(account.passkeys).toEqual([
        expect.objectContaining({
          credentialId: account.credentialId,
          signer: SAFE_ACCOUNT_ADDRESSES.webAuthnSharedSigner.toLowerCase(),
          label: 'Chrome on Linux',
          addedAt: account.createdAt,
          removedAt: null,
        }),
      ]);

      const response = await addPasskey(user);
      expect(response.status, await response.clone().text()).toBe(201);
      const { passkey } = (await response.json()) as { passkey: AccountPasskey };
      const signer = await publicClient.readContract({
        address: SAFE_ACCOUNT_ADDRESSES.webAuthnSignerFactory,
        abi: signerFactoryAbi,
        functionName: 'getSigner',
        args: [BigInt(passkey.publicKeyX), BigInt(passkey.publicKeyY), BigInt(account.verifier)],
      });
      expect(passkey).toMatchObject({ signer: signer.toLowerCase(), addedAt: null, removedAt: null });

      // Whatever the browser says, the Safe does not list it: it stays pending.
      const synced = await sync(user);
      expect(synced.passkeys.map((row) => [row.id, row.addedAt === null])).toEqual([
        [account.passkeys[0]?.id, false],
        [passkey.id, true],
      ]);
    });
  });

  describe('on the chain', () => {
    const recovery = privateKeyToAccount(generatePrivateKey());
    const first = createSoftwarePasskey();
    const second = createSoftwarePasskey();
    let saver: SignedInUser;
    let account: PasskeyAccount;
    let added: AccountPasskey;

    const bundlerFor = (smartAccount: SmartAccount) =>
      keelBundlerClient({ app: t, cookie: saver.cookie, bundlerUrl: bundler.url, publicClient, account: smartAccount });

    /** The account as the first passkey knows it (its owners fix the address and the deployment). */
    const safeOf = () =>
      toSafeSmartAccount({
        ...SAFE_ACCOUNT_SETTINGS,
        client: publicClient,
        owners: [first.account, { type: 'json-rpc', address: recovery.address }],
      });

    /** Signed by the recovery key alone, as the browser does with a recovery kit. */
    async function withRecoveryKey(): Promise<SmartAccount> {
      const safe = await safeOf();
      return {
        ...safe,
        signUserOperation: ({ chainId = ANVIL_CHAIN_ID, ...operation }) =>
          SafeSmartAccount.signUserOperation({
            ...operation,
            sender: account.address,
            chainId,
            version: SAFE_ACCOUNT_SETTINGS.version,
            entryPoint: SAFE_ACCOUNT_SETTINGS.entryPoint,
            safe4337ModuleAddress: SAFE_ACCOUNT_SETTINGS.safe4337ModuleAddress,
            owners: [recovery],
            account: recovery,
          }),
      };
    }

    /** Signed by a later passkey through its own signer contract. */
    const withPasskey = (key: SoftwarePasskey, signer: Address) =>
      toSafeSmartAccount({
        ...SAFE_ACCOUNT_SETTINGS,
        client: publicClient,
        owners: [key.account, { type: 'json-rpc', address: recovery.address }],
        address: account.address,
        safeWebAuthnSharedSignerAddress: signer,
      });

    async function send(smartAccount: SmartAccount, calls: { to: Address; data: Hex }[]) {
      const client = bundlerFor(smartAccount);
      const hash = await client.sendUserOperation({ calls });
      const receipt = await client.waitForUserOperationReceipt({ hash, timeout: 30_000 });
      expect(receipt.success).toBe(true);
    }

    const owners = async () =>
      (await publicClient.readContract({ address: account.address, abi: safeOwnerAbi, functionName: 'getOwners' })).map((owner) =>
        owner.toLowerCase(),
      );

    const addOwnerCalls = (passkey: AccountPasskey) => [
      {
        to: SAFE_ACCOUNT_ADDRESSES.webAuthnSignerFactory,
        data: encodeFunctionData({
          abi: signerFactoryAbi,
          functionName: 'createSigner',
          args: [BigInt(passkey.publicKeyX), BigInt(passkey.publicKeyY), BigInt(account.verifier)],
        }),
      },
      {
        to: account.address,
        data: encodeFunctionData({ abi: safeOwnerAbi, functionName: 'addOwnerWithThreshold', args: [passkey.signer, 1n] }),
      },
    ];
    const removeOwnerCall = (previous: Address, owner: Address) => ({
      to: account.address,
      data: encodeFunctionData({ abi: safeOwnerAbi, functionName: 'removeOwner', args: [previous, owner, 1n] }),
    });

    beforeAll(async () => {
      saver = await createSignedInUser(t);
      account = await createAccount(saver, first, recovery.address);
      const response = await addPasskey(saver, second);
      expect(response.status, await response.clone().text()).toBe(201);
      added = ((await response.json()) as { passkey: AccountPasskey }).passkey;
      await chain.mintUsdc(account.address, '10');
    }, 60_000);

    it('the recovery key alone adds a new passkey (deploying the account too), and the server then records it', async () => {
      await send(await withRecoveryKey(), addOwnerCalls(added));
      expect(await owners()).toContain(added.signer);
      const synced = await sync(saver);
      expect(synced.passkeys.find((row) => row.id === added.id)).toMatchObject({ addedAt: expect.any(String), removedAt: null });
    });

    it('the new passkey then moves money: a sponsored deposit', async () => {
      const vault = chain.vaults.everydayCash;
      const amount = parseUnits('4', 6);
      await send(await withPasskey(second, added.signer), [
        { to: chain.usdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [vault, amount] }) },
        { to: vault, data: encodeFunctionData({ abi: erc4626Abi, functionName: 'deposit', args: [amount, account.address] }) },
      ]);
      const shares = await publicClient.readContract({
        address: vault,
        abi: erc4626Abi,
        functionName: 'balanceOf',
        args: [account.address],
      });
      expect(shares).toBe(amount);
    });

    it('refuses a passkey that is not an owner, even naming the new passkey’s signer', async () => {
      const intruder = bundlerFor(await withPasskey(createSoftwarePasskey(), added.signer));
      await expect(intruder.sendUserOperation({ calls: [removeOwnerCall(SAFE_OWNERS_SENTINEL, added.signer)] })).rejects.toThrow(
        /AA24/,
      );
      expect(await owners()).toContain(added.signer);
    });

    it('never pays to remove the recovery key', async () => {
      const list = await owners();
      const index = list.indexOf(recovery.address.toLowerCase());
      const previous = (index === 0 ? SAFE_OWNERS_SENTINEL : list[index - 1]) as Address;
      const client = bundlerFor(await withPasskey(second, added.signer));
      await expect(client.sendUserOperation({ calls: [removeOwnerCall(previous, recovery.address)] })).rejects.toThrow(
        /recovery key always stays/,
      );
    });

    it('the new passkey removes the lost first one, and the last passkey cannot be removed', async () => {
      const shared = SAFE_ACCOUNT_ADDRESSES.webAuthnSharedSigner.toLowerCase() as Address;
      const list = await owners();
      const index = list.indexOf(shared);
      const previous = (index === 0 ? SAFE_OWNERS_SENTINEL : list[index - 1]) as Address;
      await send(await withPasskey(second, added.signer), [removeOwnerCall(previous, shared)]);
      expect(await owners()).not.toContain(shared);
      const synced = await sync(saver);
      expect(synced.passkeys.find((row) => row.signer === shared)?.removedAt).toEqual(expect.any(String));

      const rest = await owners();
      const last = rest.indexOf(added.signer);
      const beforeLast = (last === 0 ? SAFE_OWNERS_SENTINEL : rest[last - 1]) as Address;
      const client = bundlerFor(await withPasskey(second, added.signer));
      await expect(client.sendUserOperation({ calls: [removeOwnerCall(beforeLast, added.signer)] })).rejects.toThrow(
        /last passkey cannot be removed/,
      );
    });
  });
});
