import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blockNumber,
  revertChain,
  snapshotChain,
  transferShares,
  withdrawFromVault,
} from '../../../../../../contracts/chain-actions.js';
import { indexerCursors, sharePrices, vaultEvents } from '../../../db/schema.js';
import { ANVIL_MISSING, DEPLOYER, startTestChain, type TestChain } from '../../../test-support/chain.js';
import { createTestApp, type TestApp } from '../../../test-support/test-app.js';
import { createChainClient } from '../../../chain/chain-client.js';
import { createHistoryChain, type HistoryChain } from './history-chain.js';
import { createHistoryIndexer, listVerifiedVaults, type HistoryIndexer, type TickResult } from './history-indexer.js';
import { REORG_REWIND_BLOCKS } from './index-vaults.js';

const CONFIRMATIONS = 2;
const RANGE = 3;

let chain: TestChain;
let t: Awaited<ReturnType<typeof createTestApp>>;
const started: HistoryIndexer[] = [];

if (ANVIL_MISSING) console.warn(`history-indexer.test.ts: ${ANVIL_MISSING}`);
beforeAll(async () => {
  if (ANVIL_MISSING) return;
  chain = await startTestChain();
  t = await createTestApp({
    env: { ...chain.env, CHAIN_CONFIRMATIONS: String(CONFIRMATIONS), INDEX_BLOCK_RANGE: String(RANGE) },
  });
});
afterAll(async () => {
  for (const indexer of started) await indexer.stop();
  await t?.close();
  await chain?.stop();
});

function captureLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg: string }) },
  );
  return { logger, lines };
}

function newIndexer(options: { chain?: HistoryChain; app?: TestApp; logger?: pino.Logger } = {}): HistoryIndexer {
  const app = options.app ?? t;
  const indexer = createHistoryIndexer({
    db: app.deps.db,
    tryLock: app.database.tryLock,
    chain: options.chain ?? createHistoryChain(createChainClient(chain.rpcUrl)),
    config: app.config,
    logger: options.logger ?? app.deps.logger,
    listVaults: listVerifiedVaults(app.deps.chain.vaults),
  });
  started.push(indexer);
  return indexer;
}

/** Ticks until every vault is caught up; returns the last pass. */
async function catchUp(indexer: HistoryIndexer): Promise<Extract<TickResult, { status: 'indexed' }>> {
  for (let round = 0; round < 200; round += 1) {
    const result = await indexer.tick();
    if (result.status === 'failed') throw result.error;
    if (result.status === 'standby') throw new Error('indexer is on standby');
    if (result.pass.caughtUp) return result;
  }
  throw new Error('indexer did not catch up');
}

async function eventsOf(vault: Address) {
  return t.deps.db
    .select()
    .from(vaultEvents)
    .where(and(eq(vaultEvents.chainId, t.config.chainId), eq(vaultEvents.vaultAddress, vault.toLowerCase())))
    .orderBy(vaultEvents.blockNumber, vaultEvents.logIndex);
}

async function cursorOf(vault: Address) {
  const [cursor] = await t.deps.db.select().from(indexerCursors).where(eq(indexerCursors.vaultAddress, vault.toLowerCase()));
  return cursor;
}

const RECEIVER: Address = '0x00000000000000000000000000000000000a11ce';
const OTHER: Address = '0x0000000000000000000000000000000000000b0b';

describe.skipIf(ANVIL_MISSING !== null)('history indexer on anvil', () => {
  let leader: HistoryIndexer;

  it('indexes the seed deposits across several small ranges, from each vault deployment block', async () => {
    await chain.mine(CONFIRMATIONS);
    leader = newIndexer();
    const result = await catchUp(leader);
    const head = await blockNumber(chain.rpcUrl);
    for (const vault of Object.values(chain.vaults)) {
      expect(result.pass.indexedTo[vault.toLowerCase()]).toBe(head - CONFIRMATIONS);
      const events = await eventsOf(vault);
      // The seed deposit: Transfer (mint to the deployer) + Deposit, in one transaction.
      expect(events.map((event) => event.kind).sort()).toEqual(['deposit', 'transfer']);
      const deposit = events.find((event) => event.kind === 'deposit');
      expect(deposit).toMatchObject({ sender: DEPLOYER.toLowerCase(), owner: DEPLOYER.toLowerCase() });
      const cursor = await cursorOf(vault);
      expect(cursor?.startBlock).toBeGreaterThan(0);
      // The vault was deployed at start_block: events came after, over more than one range.
      expect(deposit?.blockNumber).toBeGreaterThan(cursor?.startBlock ?? Infinity);
      expect(head - CONFIRMATIONS - (cursor?.startBlock ?? 0)).toBeGreaterThan(RANGE);
      // A share-price snapshot at the block with events: 1 USDC per share.
      const [price] = await t.deps.db
        .select()
        .from(sharePrices)
        .where(and(eq(sharePrices.vaultAddress, vault.toLowerCase()), eq(sharePrices.blockNumber, deposit?.blockNumber ?? -1)));
      expect(price?.sharePrice).toBe('1000000');
    }
  });

  it('stays CHAIN_CONFIRMATIONS behind the head, then stores deposit, withdraw and transfer once', async () => {
    const vault = chain.vaults.everydayCash;
    const depositHash = await chain.depositToVault('everydayCash', '100', RECEIVER);
    await catchUp(leader);
    expect((await eventsOf(vault)).some((event) => event.txHash === depositHash.toLowerCase())).toBe(false);

    await withdrawFromVault(chain.rpcUrl, vault, '40', RECEIVER);
    await transferShares(chain.rpcUrl, vault, RECEIVER, OTHER, 10_000_000n);
    await chain.mine(CONFIRMATIONS);
    await catchUp(leader);
    await catchUp(leader);
    const mine = (await eventsOf(vault)).filter((event) => [event.owner, event.sender, event.receiver].includes(RECEIVER));
    expect(mine.map((event) => [event.kind, event.assets, event.shares])).toEqual([
      ['transfer', null, '100000000'],
      ['deposit', '100000000', '100000000'],
      ['transfer', null, '40000000'],
      ['withdraw', '40000000', '40000000'],
      ['transfer', null, '10000000'],
    ]);
  });

  it('restarts from its cursor: re-reads the last blocks and stores nothing twice', async () => {
    const before = await eventsOf(chain.vaults.everydayCash);
    const cursorBefore = await cursorOf(chain.vaults.everydayCash);
    await leader.stop();
    const restarted = newIndexer();
    const first = await restarted.tick();
    expect(first.status).toBe('indexed');
    const after = await eventsOf(chain.vaults.everydayCash);
    expect(after.map((event) => event.id)).toHaveLength(before.length);
    expect(after.map((event) => `${event.txHash}:${event.logIndex}`)).toEqual(
      before.map((event) => `${event.txHash}:${event.logIndex}`),
    );
    expect((await cursorOf(chain.vaults.everydayCash))?.lastBlock).toBe(cursorBefore?.lastBlock);
    expect(REORG_REWIND_BLOCKS).toBeGreaterThan(CONFIRMATIONS);
    leader = restarted;
  });

  it('a reorg (anvil snapshot/revert) leaves no orphan row', async () => {
    const vault = chain.vaults.smartSavings;
    const snapshot = await snapshotChain(chain.rpcUrl);
    const orphanHash = await chain.depositToVault('smartSavings', '250', RECEIVER);
    await chain.mine(CONFIRMATIONS + 1);
    await catchUp(leader);
    const orphan = (await eventsOf(vault)).find((event) => event.txHash === orphanHash.toLowerCase());
    expect(orphan).toBeDefined();

    await revertChain(chain.rpcUrl, snapshot);
    // The replacement chain: another deposit, and enough blocks to pass the old height.
    const survivorHash = await chain.depositToVault('smartSavings', '75', OTHER);
    await chain.mine(CONFIRMATIONS + 4);
    await catchUp(leader);

    const events = await eventsOf(vault);
    expect(events.some((event) => event.txHash === orphanHash.toLowerCase())).toBe(false);
    expect(events.filter((event) => event.txHash === survivorHash.toLowerCase()).map((event) => event.kind)).toEqual([
      'transfer',
      'deposit',
    ]);
    // Every stored row sits on a block of the current chain.
    const client = createHistoryChain(createChainClient(chain.rpcUrl));
    for (const event of events) {
      expect((await client.getBlock(event.blockNumber))?.hash).toBe(event.blockHash);
    }
    const prices = await t.deps.db.select().from(sharePrices).where(eq(sharePrices.vaultAddress, vault.toLowerCase()));
    for (const price of prices) {
      const block = await client.getBlock(price.blockNumber);
      expect(block?.time.getTime()).toBe(price.blockTime.getTime());
    }
  });

  it('two instances on one database: one indexes, the other stands by, and takes over when it stops', async () => {
    const second = t.databaseUrl ? await createTestApp({ databaseUrl: t.databaseUrl, env: { ...chain.env } }) : null;
    try {
      const other = newIndexer(second ? { app: { ...second, config: t.config } } : {});
      await chain.depositToVault('growthReserve', '30', RECEIVER);
      await chain.mine(CONFIRMATIONS);
      const results = await Promise.all([leader.tick(), other.tick(), leader.tick(), other.tick()]);
      expect(results.filter((result) => result.status === 'standby').length).toBeGreaterThanOrEqual(2);
      expect(results.every((result) => result.status !== 'failed')).toBe(true);
      const countOnce = (await eventsOf(chain.vaults.growthReserve)).length;

      await leader.stop();
      const takeover = await catchUp(other);
      expect(takeover.status).toBe('indexed');
      const events = await eventsOf(chain.vaults.growthReserve);
      expect(events).toHaveLength(countOnce);
      expect(new Set(events.map((event) => `${event.txHash}:${event.logIndex}`)).size).toBe(events.length);
      await other.stop();
      leader = newIndexer();
      expect((await leader.tick()).status).toBe('indexed');
    } finally {
      await second?.close();
    }
  });

  it('an unreachable RPC pauses it (logged once) without stopping the server, and it recovers', async () => {
    await leader.stop();
    const real = createHistoryChain(createChainClient(chain.rpcUrl));
    const dead = createHistoryChain(createChainClient('http://127.0.0.1:9', { timeoutMs: 500 }));
    let isDown = true;
    const flaky = new Proxy(real, {
      get: (target, key: keyof HistoryChain) => (isDown ? dead[key] : target[key]),
    });
    const { logger, lines } = captureLogger();
    const indexer = newIndexer({ chain: flaky, logger });
    expect((await indexer.tick()).status).toBe('failed');
    expect((await indexer.tick()).status).toBe('failed');
    expect(lines.filter((line) => line.msg === 'history indexer: paused, retrying with back-off')).toHaveLength(1);
    const health = await t.app.request('/api/health');
    expect(health.status).toBe(200);

    isDown = false;
    expect((await indexer.tick()).status).toBe('indexed');
    expect(lines.some((line) => line.msg === 'history indexer: recovered')).toBe(true);
    leader = indexer;
  });

  it('indexes only the vaults the registry verified: a configured address that is no ERC-4626 vault gets no cursor', async () => {
    await leader.stop();
    // Growth Reserve pointed at the USDC token: it answers ERC-20 calls, not ERC-4626 ones, so it fails verification.
    const app = await createTestApp({ env: { ...chain.env, VAULT_GROWTH_RESERVE_ADDRESS: chain.usdc } });
    try {
      const growth = (await app.deps.chain.vaults.list()).find((vault) => vault.id === 'growth-reserve');
      expect(growth).toMatchObject({ available: false, reason: 'it does not answer ERC-4626 calls' });
      const indexer = newIndexer({ app });
      await catchUp(indexer);
      await indexer.stop();
      const cursors = await app.deps.db.select().from(indexerCursors);
      expect(cursors.map((cursor) => cursor.vaultAddress).sort()).toEqual(
        [chain.vaults.everydayCash, chain.vaults.smartSavings].map((vault) => vault.toLowerCase()).sort(),
      );
      const tokenRows = await app.deps.db
        .select()
        .from(vaultEvents)
        .where(eq(vaultEvents.vaultAddress, chain.usdc.toLowerCase()));
      expect(tokenRows).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
