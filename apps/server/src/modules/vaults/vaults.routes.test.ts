import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityAuditLog } from '../../db/schema.js';
import type { ErrorBody } from '../../lib/app-error.js';
import { createSignedInUser } from '../../test-support/auth.js';
import { ANVIL_MISSING, DEPLOYER_KEY, DEV_KEYS, startTestChain, type TestChain } from '../../test-support/chain.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { linkWallet } from '../../test-support/wallet-link.js';
import type { VaultData } from './get-vault-data.js';

const CACHE_MS = 15_000;
const LIMIT = 8;

let chain: TestChain;
let t: TestApp;
if (ANVIL_MISSING) console.warn(`vaults.routes.test.ts: ${ANVIL_MISSING}`);
beforeAll(async () => {
  if (ANVIL_MISSING) return;
  chain = await startTestChain();
  t = await createTestApp({
    env: {
      ...chain.env,
      VAULT_CACHE_MS: String(CACHE_MS),
      LIMIT_VAULT_DATA_MAX: String(LIMIT),
      LIMIT_VAULT_DATA_WINDOW_MS: '60000',
      VAULT_SMART_SAVINGS_CURATOR: 'Steakhouse Financial',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

function getVault(cookie: string | null, address: string) {
  return t.app.request(`/api/vaults/${address}`, { headers: { origin: t.config.appUrl, ...(cookie ? { cookie } : {}) } });
}

async function auditRows(userId: string) {
  return t.deps.db
    .select()
    .from(securityAuditLog)
    .where(and(eq(securityAuditLog.userId, userId), eq(securityAuditLog.action, 'VAULT_DATA_ACCESS')));
}

describe.skipIf(ANVIL_MISSING !== null)('GET /api/vaults', () => {
  it("names each tier's contract in its own on-chain words, its curator where known, and what it really is", async () => {
    const { cookie } = await createSignedInUser(t);
    const response = await t.app.request('/api/vaults', { headers: { cookie } });
    expect(response.status).toBe(200);
    const { vaults } = (await response.json()) as { vaults: { id: string; name: string; contract: unknown }[] };
    expect(vaults.map((vault) => [vault.id, vault.name, vault.contract])).toEqual([
      [
        'everyday-cash',
        'Everyday Cash',
        { identity: { name: 'Everyday Cash', symbol: 'kCASH', assetSymbol: 'USDC' }, curator: null, exposureNote: null },
      ],
      [
        'smart-savings',
        'Smart Savings',
        {
          identity: { name: 'Smart Savings', symbol: 'kSAVE', assetSymbol: 'USDC' },
          curator: 'Steakhouse Financial',
          exposureNote: null,
        },
      ],
      [
        'growth-reserve',
        'Growth Reserve',
        {
          identity: { name: 'Growth Reserve', symbol: 'kGROW', assetSymbol: 'USDC' },
          curator: null,
          exposureNote:
            'The description above speaks of Bitcoin and Ethereum exposure, but the contract behind Growth Reserve ' +
            'today, Growth Reserve (kGROW), is a USDC vault: you deposit and withdraw USDC, and its value does not ' +
            'follow Bitcoin and Ethereum prices.',
        },
      ],
    ]);
  });
});

describe.skipIf(ANVIL_MISSING !== null)('GET /api/vaults/:address', () => {
  it('refuses a signed-out visitor', async () => {
    const response = await getVault(null, chain.vaults.everydayCash);
    expect(response.status).toBe(401);
  });

  it('reads name, assets and share price from the vault contract, as exact decimal strings', async () => {
    const { cookie, user } = await createSignedInUser(t);
    const response = await getVault(cookie, chain.vaults.smartSavings);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      name: 'Smart Savings',
      userAccessLevel: null,
      totalNetAssetValue: '500000',
      totalGrossAssetValue: '500000',
      latestSharePrice: { price: '1' },
      vaultAddress: chain.vaults.smartSavings.toLowerCase(),
      userBalance: null,
      readAt: expect.stringMatching(/Z$/),
    });
    expect(await auditRows(user.id)).toEqual([
      expect.objectContaining({
        success: true,
        metadata: { vaultAddress: chain.vaults.smartSavings.toLowerCase(), vaultName: 'Smart Savings' },
      }),
    ]);
  });

  it('shows the new share price once yield lands and the short cache expires', async () => {
    const { cookie } = await createSignedInUser(t);
    const before = (await (await getVault(cookie, chain.vaults.everydayCash)).json()) as VaultData;
    expect(before).toMatchObject({ name: 'Everyday Cash', totalGrossAssetValue: '1250000', latestSharePrice: { price: '1' } });

    await chain.addYield('everydayCash', '12500.5');
    // Within config.vaultCacheMs every user gets the cached read: no RPC round per request.
    const cached = (await (await getVault(cookie, chain.vaults.everydayCash)).json()) as VaultData;
    expect(cached.latestSharePrice.price).toBe('1');
    expect(cached.readAt).toBe(before.readAt);

    t.advanceTime(CACHE_MS + 1);
    const after = (await (await getVault(cookie, chain.vaults.everydayCash)).json()) as VaultData;
    // totalAssets 1,262,500.5; one share (1e6 units) converts to 1,010,000 units (OZ rounds down):
    // 1e6 × (1,262,500.5e6 + 1) / (1,250,000e6 + 1) = 1,010,000.0…; the holders' net is 1 unit
    // below gross because of OpenZeppelin's virtual share.
    expect(after).toMatchObject({
      totalGrossAssetValue: '1262500.5',
      totalNetAssetValue: '1262500.499999',
      latestSharePrice: { price: '1.01' },
    });
  });

  it("reads the linked wallet's access level and balance when the vault exposes them", async () => {
    const { cookie } = await createSignedInUser(t);
    const holder = await linkWallet(t, cookie, DEV_KEYS[0]);
    await chain.depositToVault('smartSavings', '2500.25', holder);
    t.advanceTime(CACHE_MS + 1);

    const smart = (await (await getVault(cookie, chain.vaults.smartSavings)).json()) as VaultData;
    expect(smart).toMatchObject({ userAccessLevel: 'Depositor', userBalance: '2500.25', totalGrossAssetValue: '502500.25' });
    const cash = (await (await getVault(cookie, chain.vaults.everydayCash)).json()) as VaultData;
    expect(cash).toMatchObject({ userAccessLevel: 'Visitor', userBalance: '0' });
    // Growth Reserve is a plain ERC-4626 without accessLevel(): no status, still a balance.
    const growth = (await (await getVault(cookie, chain.vaults.growthReserve)).json()) as VaultData;
    expect(growth).toMatchObject({
      name: 'Growth Reserve',
      userAccessLevel: null,
      userBalance: '0',
      totalGrossAssetValue: '250000',
    });
  });

  it("reads the seed depositor's balance in a vault without accessLevel()", async () => {
    const { cookie } = await createSignedInUser(t);
    await linkWallet(t, cookie, DEPLOYER_KEY);
    const growth = (await (await getVault(cookie, chain.vaults.growthReserve)).json()) as VaultData;
    expect(growth.userBalance).toBe('250000');
  });

  it('refuses addresses that are not one of the three configured vaults, and audits it', async () => {
    const { cookie, user } = await createSignedInUser(t);
    const unknown = await getVault(cookie, chain.usdc);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Unknown vault' } });
    expect(await auditRows(user.id)).toEqual([
      expect.objectContaining({ success: false, metadata: { vaultAddress: chain.usdc.toLowerCase(), error: 'Unknown vault' } }),
    ]);

    const malformed = await getVault(cookie, '0x1234');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as ErrorBody).error.code).toBe('VALIDATION_FAILED');
  });

  it('limits each user, with the rate-limit message, and audits the denial', async () => {
    const { cookie, user } = await createSignedInUser(t);
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      expect((await getVault(cookie, chain.vaults.everydayCash)).status).toBe(200);
    }
    const denied = await getVault(cookie, chain.vaults.everydayCash);
    expect(denied.status).toBe(429);
    expect(await denied.json()).toMatchObject({
      error: { code: 'RATE_LIMITED', message: 'Rate limit exceeded. Please try again later.' },
    });
    expect(Number(denied.headers.get('retry-after'))).toBeGreaterThan(0);
    const rows = await auditRows(user.id);
    expect(rows.filter((row) => row.success)).toHaveLength(LIMIT);
    expect(rows.filter((row) => !row.success)).toEqual([
      expect.objectContaining({ metadata: expect.objectContaining({ error: 'Rate limit exceeded. Please try again later.' }) }),
    ]);

    // Another user is not affected; the first one is allowed again after the window.
    const other = await createSignedInUser(t);
    expect((await getVault(other.cookie, chain.vaults.everydayCash)).status).toBe(200);
    t.advanceTime(60_001);
    expect((await getVault(cookie, chain.vaults.everydayCash)).status).toBe(200);
  });

  // Last: it stops the chain.
  it('answers 502 "Failed to fetch vault data" when the RPC node is unreachable, and audits the failure', async () => {
    const { cookie, user } = await createSignedInUser(t);
    await chain.stop();
    t.advanceTime(CACHE_MS + 1);
    const response = await getVault(cookie, chain.vaults.growthReserve);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: { code: 'UPSTREAM_FAILED', message: 'Failed to fetch vault data' } });
    const rows = await auditRows(user.id);
    expect(rows).toEqual([
      expect.objectContaining({ success: false, metadata: expect.objectContaining({ error: 'Failed to fetch vault data' }) }),
    ]);
    // The audit keeps the kind of error, never the RPC URL (it may carry an API key).
    expect(JSON.stringify(rows[0]?.metadata)).not.toContain(chain.rpcUrl);
  });
});
