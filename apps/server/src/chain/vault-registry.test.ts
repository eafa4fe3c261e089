import { Writable } from 'node:stream';
import pino from 'pino';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../lib/app-error.js';
import { createSignedInUser } from '../test-support/auth.js';
import { startTestChain, type TestChain } from '../test-support/chain.js';
import { startRpcProxy, type RpcProxy } from '../test-support/rpc-proxy.js';
import { createTestApp } from '../test-support/test-app.js';
import { createChainClient } from './chain-client.js';
import { createVaultRegistry } from './vault-registry.js';

let chain: TestChain;
let otherToken: Address;
let vaultOverOtherToken: Address;
let wideToken: Address;
let vaultOverWideToken: Address;

beforeAll(async () => {
  chain = await startTestChain();
  otherToken = await chain.deploy('MockToken', ['Other Dollar', 'ODOL', 6]);
  vaultOverOtherToken = await chain.deploy('KeelVault', [otherToken, 'Other Vault', 'kOTH']);
  wideToken = await chain.deploy('MockToken', ['Wide Dollar', 'WDOL', 18]);
  vaultOverWideToken = await chain.deploy('KeelVault', [wideToken, 'Wide Vault', 'kWID']);
});
afterAll(async () => {
  await chain?.stop();
});

/** A logger whose lines the test can read. */
function captureLogs() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

function registryFor(overrides: { rpcUrl?: string; chainId?: number; usdc?: Address; vaults?: Partial<TestChain['vaults']> }) {
  let now = 1_000_000;
  const logs = captureLogs();
  const registry = createVaultRegistry({
    client: createChainClient(overrides.rpcUrl ?? chain.rpcUrl, { timeoutMs: 2_000 }),
    config: {
      chainId: overrides.chainId ?? 8453,
      usdcAddress: (overrides.usdc ?? chain.usdc).toLowerCase() as Address,
      vaults: { ...chain.vaults, ...overrides.vaults },
      vaultVerifyMs: 60_000,
    },
    logger: logs.logger,
    now: () => now,
  });
  return { registry, logs, advance: (ms: number) => (now += ms) };
}

describe('vault verification', () => {
  it('accepts the three ERC-4626 USDC vaults', async () => {
    const { registry, logs } = registryFor({});
    const statuses = await registry.verify();
    expect(statuses.map((status) => [status.name, status.available, status.reason, status.shareDecimals])).toEqual([
      ['Everyday Cash', true, null, 6],
      ['Smart Savings', true, null, 6],
      ['Growth Reserve', true, null, 6],
    ]);
    expect(logs.lines).toEqual([]);
  });

  it('marks a non-ERC-4626 address, a vault over another token and a 18-decimal asset unavailable, one log line each', async () => {
    const { registry, logs } = registryFor({
      vaults: { everydayCash: chain.usdc, smartSavings: vaultOverOtherToken },
    });
    const statuses = await registry.verify();
    expect(statuses.map((status) => [status.name, status.available])).toEqual([
      ['Everyday Cash', false],
      ['Smart Savings', false],
      ['Growth Reserve', true],
    ]);
    expect(statuses[0]?.reason).toBe('it does not answer ERC-4626 calls');
    expect(statuses[1]?.reason).toBe(`its asset() is ${otherToken.toLowerCase()}, not USDC (${chain.usdc.toLowerCase()})`);
    expect(logs.lines.map((line) => line.msg)).toEqual([
      `vault unavailable: Everyday Cash (${chain.usdc.toLowerCase()}): it does not answer ERC-4626 calls`,
      `vault unavailable: Smart Savings (${vaultOverOtherToken.toLowerCase()}): its asset() is ${otherToken.toLowerCase()}, not USDC (${chain.usdc.toLowerCase()})`,
    ]);
    // A second check with the same verdicts does not repeat the lines.
    await registry.verify();
    expect(logs.lines).toHaveLength(2);

    const wide = registryFor({ usdc: wideToken, vaults: { growthReserve: vaultOverWideToken } });
    const growth = (await wide.registry.verify())[2];
    expect(growth).toMatchObject({ available: false, reason: 'its asset has 18 decimals, not 6' });
  });

  it('marks every vault unavailable when the RPC endpoint is on another chain', async () => {
    const { registry } = registryFor({ chainId: 1 });
    const statuses = await registry.verify();
    expect(statuses.every((status) => !status.available && status.reason === 'the RPC endpoint is on chain 8453, not 1')).toBe(
      true,
    );
  });

  describe('RPC down, then up', () => {
    let proxy: RpcProxy;
    beforeAll(async () => {
      proxy = await startRpcProxy(chain.rpcUrl);
    });
    afterAll(async () => {
      await proxy.close();
    });

    it('starts with every vault unavailable, answers the vault route with a JSON error, and recovers without a restart', async () => {
      proxy.setDown(true);
      const t = await createTestApp({ env: { ...chain.env, BASE_RPC_URL: proxy.url, VAULT_VERIFY_MS: '60000' } });
      try {
        const { cookie } = await createSignedInUser(t);
        const list = async () =>
          ((await (await t.app.request('/api/vaults', { headers: { cookie } })).json()) as { vaults: { available: boolean }[] })
            .vaults;
        expect((await list()).map((vault) => vault.available)).toEqual([false, false, false]);
        const refused = await t.app.request(`/api/vaults/${chain.vaults.everydayCash}`, { headers: { cookie } });
        expect(refused.status).toBe(503);
        expect((await refused.json()) as ErrorBody).toEqual({
          error: { code: 'UNAVAILABLE', message: 'This vault is unavailable right now' },
        });

        proxy.setDown(false);
        // Still within VAULT_VERIFY_MS: the last verdict stands.
        expect((await list()).map((vault) => vault.available)).toEqual([false, false, false]);
        t.advanceTime(60_000);
        expect((await list()).map((vault) => vault.available)).toEqual([true, true, true]);
        const served = await t.app.request(`/api/vaults/${chain.vaults.everydayCash}`, { headers: { cookie } });
        expect(served.status).toBe(200);
      } finally {
        await t.close();
      }
    });
  });
});
