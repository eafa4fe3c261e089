import { createServer, type Server } from 'node:http';
import type { Address } from '@keel/core/address';
import { SAFE_ACCOUNT_ADDRESSES, SAFE_P256_VERIFIERS } from '@keel/core/safe-account';
import { eq } from 'drizzle-orm';
import {
  decodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  erc4626Abi,
  numberToHex,
  parseAbi,
  recoverMessageAddress,
  size,
  slice,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { increaseTime } from '../../../../../contracts/chain-actions.js';
import { LOCAL_PAYMASTER_DEPOSIT } from '../../../../../contracts/safe-stack.js';
import { paymasterSponsorships, passkeyAccounts, securityAuditLog } from '../../db/schema.js';
import { createSignedInUser, type SignedInUser } from '../../test-support/auth.js';
import { ANVIL_CHAIN_ID, ANVIL_MISSING, startTestChain, type TestChain } from '../../test-support/chain.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { PAYMASTER_SPONSORSHIP } from './paymaster.routes.js';
import { SPONSORSHIP_VALIDITY_SECONDS } from './sponsor-user-operation.js';
import { sponsorshipHash } from './verifying-paymaster.js';

const PROVIDER_PAYMASTER = '0x9999999999999999999999999999999999999999';
const ACCOUNT: Address = '0x1111111111111111111111111111111111111111';
const STRANGERS_ACCOUNT: Address = '0x2222222222222222222222222222222222222222';
const executeAbi = parseAbi(['function executeUserOpWithErrorString(address to, uint256 value, bytes data, uint8 operation)']);

/** A passkey account as registration stores it, already deployed: no deployment in these operations. */
async function storeDeployedAccount(app: TestApp, owner: SignedInUser, address: Address) {
  await app.deps.db.insert(passkeyAccounts).values({
    userId: owner.user.id,
    address,
    credentialId: `credential-${owner.user.id}`,
    publicKeyX: '0x01',
    publicKeyY: '0x02',
    recoveryOwner: '0x3333333333333333333333333333333333333333',
    verifier: SAFE_P256_VERIFIERS.toString(),
    deployedAt: new Date(),
  });
}

type RpcAnswer = {
  id: unknown;
  result?: { paymaster: Address; paymasterData: Hex };
  error?: { code: number; message: string; data: { code: string; reason?: string } };
};

describe.skipIf(ANVIL_MISSING)('POST /api/paymaster (ERC-7677)', () => {
  let chain: TestChain;
  let t: TestApp;
  let saver: SignedInUser;
  let stranger: SignedInUser;

  beforeAll(async () => {
    chain = await startTestChain();
    // A bundler is never called by the paymaster: any URL switches passkey accounts on.
    t = await createTestApp({
      env: {
        ...chain.env,
        BUNDLER_URL: 'http://127.0.0.1:9/bundler',
        PAYMASTER_OPERATIONS_PER_DAY: '3',
        PAYMASTER_DAILY_BUDGET_WEI: '10000000000000000',
      },
    });
    saver = await createSignedInUser(t);
    stranger = await createSignedInUser(t);
    for (const [owner, address] of [
      [saver, ACCOUNT],
      [stranger, STRANGERS_ACCOUNT],
    ] as const) {
      await storeDeployedAccount(t, owner, address);
    }
  });

  afterAll(async () => {
    await t?.close();
    await chain?.stop();
  });

  function withdrawOperation(sender: Address, gas: { callGasLimit?: bigint } = {}) {
    const redeem = encodeFunctionData({ abi: erc4626Abi, functionName: 'redeem', args: [1_000_000n, sender, sender] });
    return {
      sender,
      nonce: '0x0',
      callData: encodeFunctionData({
        abi: executeAbi,
        functionName: 'executeUserOpWithErrorString',
        args: [chain.vaults.everydayCash, 0n, redeem, 0],
      }),
      callGasLimit: numberToHex(gas.callGasLimit ?? 100_000n),
      verificationGasLimit: numberToHex(150_000n),
      preVerificationGas: numberToHex(50_000n),
      maxFeePerGas: numberToHex(1_000_000_000n),
      maxPriorityFeePerGas: numberToHex(1_000_000n),
      paymasterVerificationGasLimit: numberToHex(60_000n),
      paymasterPostOpGasLimit: numberToHex(1n),
      signature: '0x',
    };
  }

  async function call(body: unknown, who: SignedInUser | null = saver) {
    const response = await t.app.request('/api/paymaster', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.config.appUrl, ...(who ? { cookie: who.cookie } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as RpcAnswer };
  }

  const rpc = (method: string, params: unknown[]) => ({ jsonrpc: '2.0', id: 7, method, params });
  const chainIdHex = numberToHex(ANVIL_CHAIN_ID);
  const sponsor = (op: unknown, who: SignedInUser | null = saver) =>
    call(rpc('pm_getPaymasterData', [op, SAFE_ACCOUNT_ADDRESSES.entryPoint, chainIdHex, {}]), who);

  it('signs a withdrawal for the saver’s own account, valid for five minutes, and counts it', async () => {
    const op = withdrawOperation(ACCOUNT);
    const { status, body } = await sponsor(op);
    expect(status).toBe(200);
    expect(body.id).toBe(7);
    const result = body.result;
    if (!result) throw new Error(`no sponsorship: ${JSON.stringify(body.error)}`);
    expect(result.paymaster.toLowerCase()).toBe(chain.safeStack.paymaster.toLowerCase());

    const [validUntil, validAfter] = decodeAbiParameters(
      [{ type: 'uint48' }, { type: 'uint48' }],
      slice(result.paymasterData, 0, 64),
    );
    // Counted from the later of the server's clock and the chain's (the EntryPoint compares with the block's).
    const chainNow = Number((await t.deps.chain.client.getBlock({ blockTag: 'latest' })).timestamp);
    const now = Math.max(Math.floor(t.deps.now() / 1000), chainNow);
    expect(validAfter).toBe(0);
    expect(validUntil - now).toBeGreaterThan(SPONSORSHIP_VALIDITY_SECONDS - 5);
    expect(validUntil - now).toBeLessThanOrEqual(SPONSORSHIP_VALIDITY_SECONDS);
    const hash = sponsorshipHash({
      op: {
        sender: ACCOUNT,
        nonce: 0n,
        callData: op.callData,
        callGasLimit: 100_000n,
        verificationGasLimit: 150_000n,
        preVerificationGas: 50_000n,
        maxFeePerGas: 1_000_000_000n,
        maxPriorityFeePerGas: 1_000_000n,
      },
      paymaster: result.paymaster,
      chainId: ANVIL_CHAIN_ID,
      validUntil,
      validAfter,
      paymasterVerificationGasLimit: 60_000n,
      paymasterPostOpGasLimit: 1n,
    });
    const signer = await recoverMessageAddress({
      message: { raw: hash },
      signature: slice(result.paymasterData, 64, size(result.paymasterData)),
    });
    expect(signer).toBe(privateKeyToAccount(chain.safeStack.paymasterSignerKey).address);

    const counted = await t.deps.db.select().from(paymasterSponsorships).where(eq(paymasterSponsorships.userId, saver.user.id));
    expect(counted).toHaveLength(1);
  });

  it('checks the stub before estimation without counting it', async () => {
    const { sender, nonce, callData } = withdrawOperation(ACCOUNT);
    const unestimated = { sender, nonce, callData };
    const { status, body } = await call(
      rpc('pm_getPaymasterStubData', [unestimated, SAFE_ACCOUNT_ADDRESSES.entryPoint, chainIdHex, {}]),
    );
    expect(status).toBe(200);
    expect(body.result?.paymaster.toLowerCase()).toBe(chain.safeStack.paymaster.toLowerCase());
    const counted = await t.deps.db.select().from(paymasterSponsorships).where(eq(paymasterSponsorships.userId, saver.user.id));
    expect(counted).toHaveLength(1);
  });

  it('refuses another saver’s account, and writes an audit row', async () => {
    const { status, body } = await sponsor(withdrawOperation(STRANGERS_ACCOUNT));
    expect(status).toBe(403);
    expect(body.error).toMatchObject({ code: -32001, data: { code: 'SPONSORSHIP_REFUSED', reason: 'NOT_YOUR_ACCOUNT' } });
    const audited = await t.deps.db.select().from(securityAuditLog).where(eq(securityAuditLog.action, PAYMASTER_SPONSORSHIP));
    expect(audited.some((row) => row.success === false && row.metadata.reason === 'NOT_YOUR_ACCOUNT')).toBe(true);
  });

  it('refuses a call it does not pay for, saying why', async () => {
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [STRANGERS_ACCOUNT, 1n] });
    const op = {
      ...withdrawOperation(ACCOUNT),
      callData: encodeFunctionData({
        abi: executeAbi,
        functionName: 'executeUserOpWithErrorString',
        args: [chain.usdc, 0n, approve, 0],
      }),
    };
    const { status, body } = await sponsor(op);
    expect(status).toBe(403);
    expect(body.error?.data.reason).toBe('UNKNOWN_CALLS');
    expect(body.error?.message).toMatch(/Keel only pays/);
  });

  it('refuses gas limits above the cap', async () => {
    const { status, body } = await sponsor(withdrawOperation(ACCOUNT, { callGasLimit: 5_000_000n }));
    expect(status).toBe(403);
    expect(body.error?.data.reason).toBe('GAS_TOO_HIGH');
  });

  it('refuses once the day’s budget would be passed, then once the saver’s daily operations are used', async () => {
    const costly = { ...withdrawOperation(ACCOUNT), maxFeePerGas: numberToHex(4_000_000_000n) };
    // 360,001 gas at 4 gwei is ~0.00144 ETH: with another saver's 0.009 ETH and the first sponsorship's
    // ~0.00036 already counted, it would pass the day's 0.01 ETH.
    await t.deps.db.insert(paymasterSponsorships).values({
      userId: stranger.user.id,
      sender: STRANGERS_ACCOUNT,
      nonce: '0',
      kind: 'withdraw',
      maxCostWei: '9000000000000000',
      validUntil: new Date(),
    });
    const overBudget = await sponsor(costly);
    expect(overBudget.status).toBe(403);
    expect(overBudget.body.error).toMatchObject({
      data: { reason: 'DAILY_BUDGET_USED' },
      message: expect.stringMatching(/tomorrow/),
    });

    await t.deps.db.delete(paymasterSponsorships).where(eq(paymasterSponsorships.userId, stranger.user.id));
    expect((await sponsor(withdrawOperation(ACCOUNT))).status).toBe(200);
    expect((await sponsor(withdrawOperation(ACCOUNT))).status).toBe(200);
    const fourth = await sponsor(withdrawOperation(ACCOUNT));
    expect(fourth.status).toBe(403);
    expect(fourth.body.error?.data.reason).toBe('DAILY_OPERATIONS_USED');
  });

  it('answers malformed requests with a JSON-RPC error and a 400, never a 500', async () => {
    const cases: [unknown, RegExp][] = [
      [{ hello: 'world' }, /Not a JSON-RPC 2.0 request/],
      [rpc('eth_sendUserOperation', []), /Unknown method eth_sendUserOperation/],
      [rpc('pm_getPaymasterData', []), /Invalid params/],
      [
        rpc('pm_getPaymasterData', [
          { ...withdrawOperation(ACCOUNT), sender: 'nope' },
          SAFE_ACCOUNT_ADDRESSES.entryPoint,
          chainIdHex,
          {},
        ]),
        /Invalid params at 0\.sender/,
      ],
      [
        rpc('pm_getPaymasterData', [
          { ...withdrawOperation(ACCOUNT), nonce: 12 },
          SAFE_ACCOUNT_ADDRESSES.entryPoint,
          chainIdHex,
          {},
        ]),
        /Invalid params at 0\.nonce/,
      ],
      [
        rpc('pm_getPaymasterData', [withdrawOperation(ACCOUNT), '0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789', chainIdHex, {}]),
        /EntryPoint v0\.7 only/,
      ],
      [
        rpc('pm_getPaymasterData', [withdrawOperation(ACCOUNT), SAFE_ACCOUNT_ADDRESSES.entryPoint, '0x1', {}]),
        /on chain 8453 only/,
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await call(body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.error?.message).toMatch(message);
    }
  });

  it('shows the paymaster’s EntryPoint deposit on /api/health', async () => {
    const response = await t.app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      database: 'up',
      paymaster: { depositWei: LOCAL_PAYMASTER_DEPOSIT.toString(), isLow: false },
      mail: { pending: expect.any(Number), failed: 0 },
    });
  });

  describe('forwarding to a provider’s paymaster', () => {
    let provider: Server;
    let forwarded: { method: string; params: unknown[] }[];
    let relay: TestApp;
    let relaySaver: SignedInUser;

    beforeAll(async () => {
      forwarded = [];
      provider = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          const parsed = JSON.parse(body) as { id: number; method: string; params: unknown[] };
          forwarded.push(parsed);
          response.setHeader('content-type', 'application/json');
          response.end(
            JSON.stringify({ jsonrpc: '2.0', id: parsed.id, result: { paymaster: PROVIDER_PAYMASTER, paymasterData: '0xfeed' } }),
          );
        });
      });
      await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
      const address = provider.address();
      if (!address || typeof address !== 'object') throw new Error('the provider is not listening');
      const { PAYMASTER_ADDRESS: _address, PAYMASTER_SIGNER_KEY: _key, ...chainOnly } = chain.env;
      relay = await createTestApp({
        env: {
          ...chainOnly,
          BUNDLER_URL: 'http://127.0.0.1:9/bundler',
          PAYMASTER_URL: `http://127.0.0.1:${address.port}/rpc`,
          PAYMASTER_CONTEXT: '{"sponsorshipPolicyId":"sp_keel"}',
        },
      });
      relaySaver = await createSignedInUser(relay);
      await storeDeployedAccount(relay, relaySaver, ACCOUNT);
    });

    afterAll(async () => {
      await relay?.close();
      await new Promise((resolve) => provider?.close(resolve));
    });

    const relayCall = (op: unknown) =>
      relay.app.request('/api/paymaster', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: relay.config.appUrl, cookie: relaySaver.cookie },
        body: JSON.stringify(
          rpc('pm_getPaymasterData', [op, SAFE_ACCOUNT_ADDRESSES.entryPoint, chainIdHex, { fromBrowser: true }]),
        ),
      });

    it('forwards an approved operation with Keel’s context, never the browser’s, and refuses the rest itself', async () => {
      const approved = await relayCall(withdrawOperation(ACCOUNT));
      expect(approved.status).toBe(200);
      expect(await approved.json()).toMatchObject({ result: { paymaster: PROVIDER_PAYMASTER, paymasterData: '0xfeed' } });
      expect(forwarded).toHaveLength(1);
      expect(forwarded[0]?.method).toBe('pm_getPaymasterData');
      expect(forwarded[0]?.params[3]).toEqual({ sponsorshipPolicyId: 'sp_keel' });

      const refused = await relayCall(withdrawOperation(ACCOUNT, { callGasLimit: 5_000_000n }));
      expect(refused.status).toBe(403);
      expect(forwarded).toHaveLength(1);
    });
  });

  it('asks for a signed-in session', async () => {
    const { status, body } = await sponsor(withdrawOperation(ACCOUNT), null);
    expect(status).toBe(401);
    expect(body.error?.data.code).toBe('UNAUTHORIZED');
  });

  // Last in this file: it moves the chain's clock.
  it('stays usable for five minutes of chain time when the chain’s clock runs ahead of the server’s', async () => {
    await increaseTime(chain.rpcUrl, 12 * 86_400);
    await chain.mine();
    // A saver of its own: the others have used their day's operations above.
    const fresh = await createSignedInUser(t);
    const address: Address = '0x4444444444444444444444444444444444444444';
    await storeDeployedAccount(t, fresh, address);
    const { body } = await sponsor(withdrawOperation(address), fresh);
    const result = body.result;
    if (!result) throw new Error(`no sponsorship: ${JSON.stringify(body.error)}`);
    const [validUntil] = decodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], slice(result.paymasterData, 0, 64));
    const chainNow = Number((await t.deps.chain.client.getBlock({ blockTag: 'latest' })).timestamp);
    expect(chainNow - Math.floor(t.deps.now() / 1000)).toBeGreaterThan(11 * 86_400);
    expect(validUntil - chainNow).toBeGreaterThan(SPONSORSHIP_VALIDITY_SECONDS - 5);
  });
});
