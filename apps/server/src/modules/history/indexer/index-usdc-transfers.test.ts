import { and, eq, or } from 'drizzle-orm';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revertChain, snapshotChain } from '../../../../../../contracts/chain-actions.js';
import { createChainClient } from '../../../chain/chain-client.js';
import { transferCursors, usdcTransfers, userWallets } from '../../../db/schema.js';
import { createSignedInUser } from '../../../test-support/auth.js';
import { ANVIL_MISSING, DEPLOYER, DEV_ACCOUNTS, sendUsdc, startTestChain, type TestChain } from '../../../test-support/chain.js';
import { createTestApp, type TestApp } from '../../../test-support/test-app.js';
import { listAllSavingAddresses } from '../../wallet/list-saving-addresses.js';
import { createHistoryChain, type HistoryChain } from './history-chain.js';
import { createHistoryIndexer, listVerifiedVaults, type HistoryIndexer } from './history-indexer.js';

const CONFIRMATIONS = 2;
const OTHER: Address = '0x0000000000000000000000000000000000000b0b';

let chain: TestChain;
let t: TestApp;
let saver: Address;
const started: HistoryIndexer[] = [];

if (ANVIL_MISSING) console.warn(`index-usdc-transfers.test.ts: ${ANVIL_MISSING}`);
beforeAll(async () => {
  if (ANVIL_MISSING) return;
  chain = await startTestChain();
  t = await createTestApp({ env: { ...chain.env, CHAIN_CONFIRMATIONS: String(CONFIRMATIONS), INDEX_BLOCK_RANGE: '3' } });
  const { user } = await createSignedInUser(t);
  saver = (DEV_ACCOUNTS[0] ?? DEPLOYER).toLowerCase() as Address;
  await t.deps.db
    .insert(userWallets)
    .values({ email: user.email, userId: user.id, walletAddress: saver, chainId: 8453, linkedAt: new Date() });
});
afterAll(async () => {
  for (const indexer of started) await indexer.stop();
  await t?.close();
  await chain?.stop();
});

function newIndexer(over: HistoryChain = createHistoryChain(createChainClient(chain.rpcUrl))): HistoryIndexer {
  const indexer = createHistoryIndexer({
    db: t.deps.db,
    tryLock: t.database.tryLock,
    chain: over,
    config: t.config,
    logger: t.deps.logger,
    listVaults: listVerifiedVaults(t.deps.chain.vaults),
    transfers: { usdc: chain.usdc, listAddresses: () => listAllSavingAddresses(t.deps.db) },
  });
  started.push(indexer);
  return indexer;
}

async function catchUp(indexer: HistoryIndexer): Promise<void> {
  for (let round = 0; round < 200; round += 1) {
    const result = await indexer.tick();
    if (result.status === 'failed') throw result.error;
    if (result.status === 'indexed' && result.pass.caughtUp) return;
  }
  throw new Error('indexer did not catch up');
}

async function rowsOfSaver() {
  const rows = await t.deps.db
    .select()
    .from(usdcTransfers)
    .where(
      and(
        eq(usdcTransfers.chainId, t.config.chainId),
        or(eq(usdcTransfers.fromAddress, saver), eq(usdcTransfers.toAddress, saver)),
      ),
    )
    .orderBy(usdcTransfers.blockNumber, usdcTransfers.logIndex);
  return rows.map((row) => ({ tx: row.txHash, from: row.fromAddress, to: row.toAddress, value: row.value }));
}

async function cursorOfSaver() {
  const [cursor] = await t.deps.db
    .select()
    .from(transferCursors)
    .where(and(eq(transferCursors.chainId, t.config.chainId), eq(transferCursors.address, saver)));
  if (!cursor) throw new Error('no cursor for the saver');
  return cursor;
}

/** The saver's USDC as the chain answers at a block (anvil's dev accounts start with none). */
async function balanceOnChain(block: number): Promise<string> {
  return (await createHistoryChain(createChainClient(chain.rpcUrl)).readTokenBalance(chain.usdc, saver, block)).toString();
}

describe.skipIf(ANVIL_MISSING !== null)('USDC transfers of saving addresses', () => {
  let indexer: HistoryIndexer;
  const hashes: Record<string, string> = {};

  it('records USDC received, sent, and sent to itself (once), only once buried under the confirmations', async () => {
    await chain.mintUsdc(DEPLOYER, '1000');
    hashes.in = (await sendUsdc(chain, DEPLOYER, saver, '100')).toLowerCase();
    hashes.out = (await sendUsdc(chain, saver, OTHER, '40')).toLowerCase();
    hashes.self = (await sendUsdc(chain, saver, saver, '5')).toLowerCase();
    // Not the saver's: never stored.
    await sendUsdc(chain, DEPLOYER, OTHER, '1');
    indexer = newIndexer();
    await catchUp(indexer);
    // The self-transfer is the newest block: still within the confirmations.
    expect((await rowsOfSaver()).map((row) => row.tx)).toEqual([hashes.in, hashes.out]);

    await chain.mine(CONFIRMATIONS);
    await catchUp(indexer);
    const deployer = DEPLOYER.toLowerCase();
    expect(await rowsOfSaver()).toEqual([
      { tx: hashes.in, from: deployer, to: saver, value: '100000000' },
      { tx: hashes.out, from: saver, to: OTHER, value: '40000000' },
      { tx: hashes.self, from: saver, to: saver, value: '5000000' },
    ]);
  });

  it('stores the balance at the cursor’s block with the transfers up to it: what came in less what went out', async () => {
    const cursor = await cursorOfSaver();
    // 100 in, 40 out, 5 to itself.
    expect(cursor).toMatchObject({ usdcBalance: '60000000', usdcBalanceBlock: cursor.lastBlock });
    expect(cursor.usdcBalance).toBe(await balanceOnChain(cursor.lastBlock));
    const block = await createHistoryChain(createChainClient(chain.rpcUrl)).getBlock(cursor.lastBlock);
    expect(cursor.usdcBalanceTime).toEqual(block?.time);
    expect(cursor.startBlockTime).not.toBeNull();
  });

  it('reads the balance only at the confirmed head, never at a block of a backfill still under way', async () => {
    const real = createHistoryChain(createChainClient(chain.rpcUrl));
    const balanceReads: number[] = [];
    const counting: HistoryChain = {
      ...real,
      readTokenBalance: (token, account, block) => {
        balanceReads.push(block);
        return real.readTokenBalance(token, account, block);
      },
    };
    // Ten blocks to read in ranges of three: the first three ranges end below the head.
    await chain.mine(10);
    await indexer.stop();
    indexer = newIndexer(counting);
    await catchUp(indexer);
    const cursor = await cursorOfSaver();
    expect(balanceReads).toEqual([cursor.lastBlock]);
    expect(cursor).toMatchObject({ usdcBalance: '60000000', usdcBalanceBlock: cursor.lastBlock });
  });

  it('a restart re-reads its last blocks and stores nothing twice', async () => {
    await indexer.stop();
    indexer = newIndexer();
    await catchUp(indexer);
    expect((await rowsOfSaver()).map((row) => row.tx)).toEqual([hashes.in, hashes.out, hashes.self]);
  });

  it('a reorg leaves no orphan transfer and keeps the one that replaced it', async () => {
    const snapshot = await snapshotChain(chain.rpcUrl);
    const orphan = (await sendUsdc(chain, saver, OTHER, '7')).toLowerCase();
    await chain.mine(CONFIRMATIONS + 1);
    await catchUp(indexer);
    expect((await rowsOfSaver()).map((row) => row.tx)).toContain(orphan);

    await revertChain(chain.rpcUrl, snapshot);
    const survivor = (await sendUsdc(chain, DEPLOYER, saver, '3')).toLowerCase();
    await chain.mine(CONFIRMATIONS + 4);
    await catchUp(indexer);
    const rows = await rowsOfSaver();
    expect(rows.map((row) => row.tx)).toEqual([hashes.in, hashes.out, hashes.self, survivor]);
    const history = createHistoryChain(createChainClient(chain.rpcUrl));
    const stored = await t.deps.db.select().from(usdcTransfers);
    for (const row of stored) expect((await history.getBlock(row.blockNumber))?.hash).toBe(row.blockHash);
    // The balance follows the chain that won: the orphaned 7 never left, the 3 arrived.
    const cursor = await cursorOfSaver();
    expect(cursor).toMatchObject({ usdcBalance: '63000000', usdcBalanceBlock: cursor.lastBlock });
    expect(cursor.usdcBalance).toBe(await balanceOnChain(cursor.lastBlock));
  });

  it('a rewind forgets the balance until it is read again at the cursor’s new block', async () => {
    await indexer.stop();
    const before = await cursorOfSaver();
    const real = createHistoryChain(createChainClient(chain.rpcUrl));
    const unreadable = newIndexer({
      ...real,
      readTokenBalance: async () => {
        throw new Error('balance read refused');
      },
    });
    // A start rewinds the last blocks, then cannot read the balance at the next range's end.
    const result = await unreadable.tick();
    await unreadable.stop();
    expect(result.status).toBe('failed');
    const rewound = await cursorOfSaver();
    expect(rewound.lastBlock).toBeLessThan(before.lastBlock);
    expect(rewound).toMatchObject({ usdcBalance: null, usdcBalanceBlock: null, usdcBalanceTime: null });

    indexer = newIndexer();
    await catchUp(indexer);
    const cursor = await cursorOfSaver();
    expect(cursor).toMatchObject({ usdcBalance: '63000000', usdcBalanceBlock: cursor.lastBlock });
  });
});
