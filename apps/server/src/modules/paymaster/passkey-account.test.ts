import { parseAddress, type Address } from '@keel/core/address';
import { SAFE_ACCOUNT_ADDRESSES, SAFE_P256_VERIFIERS, SAFE_P256_VERIFIERS_HEX } from '@keel/core/safe-account';
import { and, eq } from 'drizzle-orm';
import { toSafeSmartAccount } from 'permissionless/accounts';
import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  erc4626Abi,
  http,
  parseUnits,
  type Hex,
  type PublicClient,
} from 'viem';
import { formatUserOperationRequest, type SmartAccount, type UserOperation } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount, toAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBundler, type LocalBundler } from '../../../../../contracts/bundler.js';
import { passkeyAccounts, paymasterSponsorships, securityAuditLog } from '../../db/schema.js';
import { createSignedInUser, type SignedInUser } from '../../test-support/auth.js';
import { ANVIL_CHAIN_ID, ANVIL_MISSING, rpc, startTestChain, type TestChain } from '../../test-support/chain.js';
import { createSoftwarePasskey, type SoftwarePasskey } from '../../test-support/passkey.js';
import { keelBundlerClient } from '../../test-support/keel-bundler.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { PAYMASTER_SPONSORSHIP } from './paymaster.routes.js';

/**
 * A passkey savings account end to end on the local chain: Safe 1.4.1 + the 4337 module +
 * the WebAuthn shared signer at Base's addresses, a real bundler (alto) and Keel's paymaster
 * through the app. No ETH ever reaches the account: Keel's paymaster pays every fee.
 */
describe.skipIf(ANVIL_MISSING)('a passkey savings account on the local chain', () => {
  let chain: TestChain;
  let bundler: LocalBundler;
  let t: TestApp;
  let saver: SignedInUser;
  let passkey: SoftwarePasskey;
  let account: SmartAccount;
  let client: ReturnType<typeof bundlerFor>;
  let publicClient: PublicClient;
  let accountAddress: Address;
  const recoveryOwner = privateKeyToAccount(generatePrivateKey()).address;
  const gas: Record<string, bigint> = {};

  const chainObject = {
    id: ANVIL_CHAIN_ID,
    name: 'Local Base',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [] as string[] } },
  };

  /** The Safe for a passkey; its address depends on the passkey, the recovery owner and the verifier setting. */
  function safeFor(key: SoftwarePasskey, address?: Address) {
    return toSafeSmartAccount({
      client: publicClient,
      // The recovery key is an owner the browser never signs with here: an address-only account.
      owners: [key.account, toAccount(recoveryOwner)],
      threshold: 1n,
      version: '1.4.1',
      entryPoint: { address: SAFE_ACCOUNT_ADDRESSES.entryPoint, version: '0.7' },
      safeP256VerifierAddress: SAFE_P256_VERIFIERS_HEX,
      ...(address ? { address } : {}),
    });
  }

  const bundlerFor = (smartAccount: SmartAccount) =>
    keelBundlerClient({ app: t, cookie: saver.cookie, bundlerUrl: bundler.url, publicClient, account: smartAccount });

  async function send(calls: { to: Address; data: Hex }[], label: string) {
    const hash = await client.sendUserOperation({ calls });
    const receipt = await client.waitForUserOperationReceipt({ hash, timeout: 30_000 });
    expect(receipt.success, `${label} succeeded`).toBe(true);
    gas[label] = receipt.receipt.gasUsed;
    return receipt;
  }

  const read = {
    usdc: (owner: Address) =>
      publicClient.readContract({ address: chain.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
    shares: (owner: Address) =>
      publicClient.readContract({
        address: chain.vaults.everydayCash,
        abi: erc4626Abi,
        functionName: 'balanceOf',
        args: [owner],
      }),
  };

  beforeAll(async () => {
    chain = await startTestChain();
    bundler = await startLocalBundler(chain.rpcUrl);
    t = await createTestApp({ env: { ...chain.env, BUNDLER_URL: bundler.url, PAYMASTER_TRANSFERS_PER_DAY: '1' } });
    saver = await createSignedInUser(t);
    publicClient = createPublicClient({
      chain: { ...chainObject, rpcUrls: { default: { http: [chain.rpcUrl] } } },
      transport: http(chain.rpcUrl),
      pollingInterval: 100,
    });
    passkey = createSoftwarePasskey();
    account = await safeFor(passkey);
    const address = parseAddress(account.address);
    if (!address) throw new Error('the Safe has no address');
    accountAddress = address;
    // What the registration endpoint stores for the saver.
    await t.deps.db.insert(passkeyAccounts).values({
      userId: saver.user.id,
      address: accountAddress,
      credentialId: passkey.credentialId,
      publicKeyX: passkey.x,
      publicKeyY: passkey.y,
      recoveryOwner: recoveryOwner.toLowerCase() as Address,
      verifier: SAFE_P256_VERIFIERS.toString(),
    });
    await chain.mintUsdc(accountAddress, '100');
    client = bundlerFor(account);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await bundler?.stop();
    await chain?.stop();
  });

  const usdcUnits = (amount: string) => parseUnits(amount, 6);
  const approve = (amount: bigint) =>
    encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [chain.vaults.everydayCash, amount] });
  const deposit = (amount: bigint) =>
    encodeFunctionData({ abi: erc4626Abi, functionName: 'deposit', args: [amount, accountAddress] });

  it('deploys the account with its first sponsored operation, approve + deposit 25 USDC, with no ETH in the account', async () => {
    expect(await publicClient.getCode({ address: accountAddress })).toBeUndefined();
    await send(
      [
        { to: chain.usdc, data: approve(usdcUnits('25')) },
        { to: chain.vaults.everydayCash, data: deposit(usdcUnits('25')) },
      ],
      'first operation',
    );
    expect(await publicClient.getCode({ address: accountAddress })).toBeTruthy();
    expect(await publicClient.getBalance({ address: accountAddress })).toBe(0n);
    expect(await read.shares(accountAddress)).toBe(usdcUnits('25'));
    expect(await read.usdc(accountAddress)).toBe(usdcUnits('75'));
    expect(gas['first operation']).toBeLessThanOrEqual(620_000n);

    const counted = await t.deps.db.select().from(paymasterSponsorships).where(eq(paymasterSponsorships.userId, saver.user.id));
    expect(counted.map((row) => row.kind)).toEqual(['deposit']);
    const audited = await t.deps.db
      .select()
      .from(securityAuditLog)
      .where(and(eq(securityAuditLog.userId, saver.user.id), eq(securityAuditLog.action, PAYMASTER_SPONSORSHIP)));
    expect(audited.map((row) => row.success)).toEqual([true]);
  });

  it('deposits again at a later-operation price', async () => {
    await send(
      [
        { to: chain.usdc, data: approve(usdcUnits('10')) },
        { to: chain.vaults.everydayCash, data: deposit(usdcUnits('10')) },
      ],
      'later deposit',
    );
    expect(await read.shares(accountAddress)).toBe(usdcUnits('35'));
    expect(gas['later deposit']).toBeLessThanOrEqual(210_000n);
  });

  it('withdraws Max: every share redeemed, the USDC back in the account', async () => {
    const shares = await read.shares(accountAddress);
    await send(
      [
        {
          to: chain.vaults.everydayCash,
          data: encodeFunctionData({ abi: erc4626Abi, functionName: 'redeem', args: [shares, accountAddress, accountAddress] }),
        },
      ],
      'withdraw max',
    );
    expect(await read.shares(accountAddress)).toBe(0n);
    expect(await read.usdc(accountAddress)).toBe(usdcUnits('100'));
  });

  it('sends USDC out of the account, a limited number of times a day', async () => {
    const friend = privateKeyToAccount(generatePrivateKey()).address;
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [friend, usdcUnits('5')] });
    await send([{ to: chain.usdc, data: transfer }], 'send');
    expect(await read.usdc(friend)).toBe(usdcUnits('5'));

    await expect(client.sendUserOperation({ calls: [{ to: chain.usdc, data: transfer }] })).rejects.toThrow(/sends a day/);
    expect(await read.usdc(friend)).toBe(usdcUnits('5'));
  });

  it('refuses to pay for a call it does not sponsor (an approval to anyone)', async () => {
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    const approveStranger = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [stranger, usdcUnits('1')] });
    await expect(client.sendUserOperation({ calls: [{ to: chain.usdc, data: approveStranger }] })).rejects.toThrow(
      /Keel.s verified vaults|does not pay|only pays/,
    );
    expect(
      await publicClient.readContract({
        address: chain.usdc,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [accountAddress, stranger],
      }),
    ).toBe(0n);
  });

  it('refuses an operation signed by another passkey', async () => {
    const intruder = bundlerFor(await safeFor(createSoftwarePasskey(), accountAddress));
    const before = await read.usdc(accountAddress);
    await expect(
      intruder.sendUserOperation({
        calls: [
          { to: chain.usdc, data: approve(usdcUnits('1')) },
          { to: chain.vaults.everydayCash, data: deposit(usdcUnits('1')) },
        ],
      }),
    ).rejects.toThrow(/AA24/);
    expect(await read.usdc(accountAddress)).toBe(before);
  });

  it('refuses a sponsorship once its five minutes have passed', async () => {
    const prepared = await client.prepareUserOperation({
      account,
      calls: [
        { to: chain.usdc, data: approve(usdcUnits('1')) },
        { to: chain.vaults.everydayCash, data: deposit(usdcUnits('1')) },
      ],
    });
    await rpc(chain.rpcUrl, 'evm_increaseTime', [301]);
    await chain.mine();
    const operation: UserOperation<'0.7'> = { ...prepared };
    const signature = await account.signUserOperation(operation);
    const stale = formatUserOperationRequest({ ...operation, signature });
    // The local bundler may take it into its pool, but the EntryPoint refuses an expired paymaster
    // signature (AA32), so it is never included.
    const included = client
      .request({ method: 'eth_sendUserOperation', params: [stale, SAFE_ACCOUNT_ADDRESSES.entryPoint] })
      .then((hash) => client.waitForUserOperationReceipt({ hash, timeout: 5_000 }));
    await expect(included).rejects.toThrow(/expire|AA32|timed out|could not be found/i);
    expect(await read.shares(accountAddress)).toBe(0n);
  });

  afterAll(() => {
    // Figures for docs/performance.md ("Passkey account").
    console.info(
      `passkey account gas: ${Object.entries(gas)
        .map(([label, used]) => `${label} ${used}`)
        .join(', ')}`,
    );
  });
});
