import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { encodeAbiParameters, encodeEventTopics, erc4626Abi, type Address, type Hash, type TransactionReceipt } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainClient } from '../../chain/chain-client.js';
import { mailOutbox, notificationPreferences, transfers, userWallets } from '../../db/schema.js';
import type { OutboxEntry } from '../../mail/mailer.js';
import { createSignedInUser } from '../../test-support/auth.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import type { ChainBlock, ChainTokenTransfer, ChainVaultEvent, HistoryChain } from '../history/indexer/history-chain.js';
import { createHistoryIndexer } from '../history/indexer/history-indexer.js';
import { confirmPendingTransfers } from '../transfers/confirm-transfers.js';
import type { NotificationContext } from './enqueue-notification.js';
import { chainEventKey } from './notify-vault-events.js';
import { recordVaultAvailability } from './record-vault-availability.js';

const HOUR_MS = 60 * 60_000;
const STRANGER = '0x00000000000000000000000000000000000a11ce';
const ZERO = '0x0000000000000000000000000000000000000000';

let t: TestApp;
let context: NotificationContext;
let vault: Address;
const saver = { wallet: '0x1111111111111111111111111111111111111111', id: '', email: '' };
const quiet = { wallet: '0x2222222222222222222222222222222222222222', id: '', email: '' };

function hash(): Hash {
  return `0x${randomBytes(32).toString('hex')}`;
}

async function linkWallet(account: { wallet: string; id: string; email: string }, linkedAt: Date) {
  await t.deps.db
    .insert(userWallets)
    .values({ email: account.email, userId: account.id, walletAddress: account.wallet as Address, chainId: 8453, linkedAt });
}

async function turn(userId: string, kind: string, enabled: boolean) {
  await t.deps.db.insert(notificationPreferences).values({ userId, kind, enabled });
}

/** The notification mails (not the sign-up's verification mail) a saver was sent. */
async function mailsTo(email: string): Promise<OutboxEntry[]> {
  await t.deps.mailOutbox.drain();
  return (t.deps.mailer.outbox ?? []).filter((mail) => mail.to === email && mail.headers?.['List-Unsubscribe']);
}

beforeAll(async () => {
  t = await createTestApp({ env: { CHAIN_CONFIRMATIONS: '0', INDEX_FROM_BLOCK: '1' } });
  context = { config: t.config, now: () => t.deps.now() };
  vault = t.config.vaults.everydayCash.toLowerCase() as Address;
  for (const account of [saver, quiet]) {
    const { user } = await createSignedInUser(t);
    Object.assign(account, { id: user.id, email: user.email });
    await linkWallet(account, new Date(t.deps.now() - 24 * HOUR_MS));
  }
  await turn(saver.id, 'share_price_drop', true);
  await turn(saver.id, 'vault_unavailable', true);
  await turn(quiet.id, 'usdc_received', false);
});
afterAll(async () => {
  await t.close();
});

/** A chain of hourly blocks ending now, with the logs and share prices a test puts in it. */
function fakeChain(blockCount: number) {
  const start = t.deps.now() - blockCount * HOUR_MS;
  const blocks: ChainBlock[] = Array.from({ length: blockCount }, (_, index) => ({
    number: index + 1,
    hash: hash(),
    time: new Date(start + (index + 1) * HOUR_MS),
  }));
  const vaultEvents: ChainVaultEvent[] = [];
  const tokenTransfers: ChainTokenTransfer[] = [];
  const prices = new Map<number, bigint>();
  const block = (number: number) => blocks[number - 1] ?? null;
  const chain: HistoryChain = {
    getChainId: async () => t.config.chainId,
    getHeadNumber: async () => blockCount,
    getBlock: async (number) => block(number),
    getShareDecimals: async () => 6,
    getLogs: async (address, from, to) =>
      address.toLowerCase() === vault ? vaultEvents.filter((event) => event.blockNumber >= from && event.blockNumber <= to) : [],
    getTokenTransfers: async (_token, addresses, from, to) =>
      tokenTransfers.filter(
        (transfer) =>
          transfer.blockNumber >= from &&
          transfer.blockNumber <= to &&
          addresses.some((address) => [transfer.from, transfer.to].includes(address.toLowerCase())),
      ),
    readTokenBalance: async (_token, account, number) =>
      tokenTransfers
        .filter((transfer) => transfer.blockNumber <= number)
        .reduce(
          (sum, transfer) =>
            sum +
            (transfer.to === account.toLowerCase() ? transfer.value : 0n) -
            (transfer.from === account.toLowerCase() ? transfer.value : 0n),
          0n,
        ),
    readSharePrice: async (_vault, _decimals, number) => ({ sharePrice: prices.get(number) ?? 1_000_000n, totalAssets: 0n }),
    convertToAssets: async (_vault, shares) => shares,
    findDeploymentBlock: async () => 1,
  };
  const at = (number: number) => ({ blockNumber: number, blockHash: block(number)?.hash ?? hash(), txHash: hash() });
  return {
    chain,
    prices,
    transfer(number: number, from: string, to: string, value: bigint) {
      const event = { ...at(number), logIndex: tokenTransfers.length, from, to, value };
      tokenTransfers.push(event);
      return event;
    },
    vaultEvent(number: number, event: Omit<ChainVaultEvent, 'blockNumber' | 'blockHash' | 'txHash' | 'logIndex'>) {
      const full = { ...at(number), logIndex: 100 + vaultEvents.length, ...event };
      vaultEvents.push(full);
      return full;
    },
  };
}

function indexerOver(chain: HistoryChain) {
  return createHistoryIndexer({
    db: t.deps.db,
    tryLock: t.database.tryLock,
    chain,
    config: t.config,
    logger: t.deps.logger,
    listVaults: async () => [vault],
    transfers: { usdc: t.config.usdcAddress, listAddresses: async () => [saver.wallet, quiet.wallet] as Address[] },
    notify: context,
  });
}

async function catchUp(chain: HistoryChain) {
  const indexer = indexerOver(chain);
  const result = await indexer.tick();
  await indexer.stop();
  if (result.status === 'failed') throw result.error;
}

describe('notifications from the history indexer', () => {
  it('mails money received, deposits, withdrawals and a large drop with exact figures, once each even after a re-index', async () => {
    const fake = fakeChain(8);
    const received = fake.transfer(2, STRANGER, saver.wallet, 125_500_000n);
    fake.transfer(2, STRANGER, quiet.wallet, 7_000_000n);
    const deposit = fake.vaultEvent(3, {
      kind: 'deposit',
      sender: saver.wallet,
      owner: saver.wallet,
      receiver: null,
      assets: 100_000_000n,
      shares: 100_000_000n,
    });
    fake.vaultEvent(3, {
      kind: 'transfer',
      sender: ZERO,
      owner: null,
      receiver: saver.wallet,
      assets: null,
      shares: 100_000_000n,
    });
    const withdrawal = fake.vaultEvent(5, {
      kind: 'withdraw',
      sender: saver.wallet,
      owner: saver.wallet,
      receiver: saver.wallet,
      assets: 40_250_001n,
      shares: 40_000_000n,
    });
    fake.vaultEvent(5, {
      kind: 'transfer',
      sender: saver.wallet,
      owner: null,
      receiver: ZERO,
      assets: null,
      shares: 40_000_000n,
    });
    // The withdrawn USDC coming back from the vault is the withdrawal, not money received.
    fake.transfer(5, vault, saver.wallet, 40_250_001n);
    // 1.5 % below the day's high: more than ALERT_SHARE_PRICE_DROP_PCT (1).
    fake.prices.set(8, 985_000n);

    await catchUp(fake.chain);
    const mails = await mailsTo(saver.email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      [
        'Everyday Cash fell 1.50% in a day',
        'You received 125.50 USDC',
        'Your deposit of 100.00 USDC is confirmed',
        'Your withdrawal of 40.250001 USDC is complete',
      ].sort(),
    );
    const receivedMail = mails.find((mail) => mail.subject.startsWith('You received'));
    expect(receivedMail?.text).toContain(`It was sent from ${STRANGER}.`);
    expect(receivedMail?.links).toContain(`${t.config.explorerUrl}/tx/${received.txHash}`);
    expect(mails.find((mail) => mail.subject.startsWith('Your deposit'))?.links).toContain(
      `${t.config.explorerUrl}/tx/${deposit.txHash}`,
    );
    expect(mails.find((mail) => mail.subject.startsWith('Your withdrawal'))?.text).toContain(
      'You took 40.250001 USDC out of Everyday Cash.',
    );
    expect(withdrawal.assets).toBe(40_250_001n);
    for (const mail of mails) {
      expect(mail.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/unsubscribe\?token=[^>]+>$/);
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    }
    // The saver who turned "Money received" off gets nothing.
    expect(await mailsTo(quiet.email)).toEqual([]);

    // A new leader re-reads the last blocks (as after a reorg): nothing is mailed twice.
    await catchUp(fake.chain);
    expect(await mailsTo(saver.email)).toHaveLength(4);
  });
});

describe('notifications from the transfer confirmer', () => {
  function receiptFor(txHash: Hash, wallet: Address, assets: bigint): TransactionReceipt {
    const topics = encodeEventTopics({ abi: erc4626Abi, eventName: 'Deposit', args: { sender: wallet, receiver: wallet } });
    const data = encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [assets, assets]);
    const log = { address: vault, topics, data, logIndex: 7, blockNumber: 20n, transactionHash: txHash };
    return { status: 'success', blockNumber: 20n, transactionHash: txHash, logs: [log] } as unknown as TransactionReceipt;
  }

  it('mails a confirmed deposit with the vault event’s exact amount, once, keyed by that event as the indexer keys it', async () => {
    const { user } = await createSignedInUser(t);
    const wallet = '0x3333333333333333333333333333333333333333' as Address;
    const txHash = hash();
    await t.deps.db.insert(transfers).values({
      userId: user.id,
      walletAddress: wallet,
      vaultAddress: vault,
      chainId: t.config.chainId,
      kind: 'deposit',
      txHash,
      requestedAssets: '2500000',
      submittedAt: new Date(t.deps.now()),
      updatedAt: new Date(t.deps.now()),
    });
    const client = {
      getBlockNumber: async () => 30n,
      getTransactionReceipt: async () => receiptFor(txHash, wallet, 2_500_001n),
    } as unknown as ChainClient;
    const deps = { db: t.deps.db, client, config: t.config, logger: t.deps.logger, now: () => t.deps.now(), notify: context };
    expect(await confirmPendingTransfers(deps)).toMatchObject({ confirmed: 1 });
    expect(await confirmPendingTransfers(deps)).toMatchObject({ confirmed: 0 });
    const mails = await mailsTo(user.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your deposit of 2.500001 USDC is confirmed']);
    expect(mails[0]?.text).toContain('Your deposit of 2.500001 USDC into Everyday Cash is confirmed.');
    const [row] = await t.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'deposit_confirmed'), eq(mailOutbox.userId, user.id)));
    expect(row?.dedupeKey).toBe(`deposit_confirmed:${chainEventKey(t.config.chainId, txHash, 7)}:${user.id}`);
  });
});

describe('notifications from vault verification', () => {
  const failing = () => ({ address: vault, available: false, reason: `its asset() is ${STRANGER}, not USDC` });
  const passing = () => ({ address: vault, available: true, reason: null });

  it('mails the holders who asked when a vault fails its checks and when it passes again; an RPC outage is not news', async () => {
    const before = (await mailsTo(saver.email)).length;
    expect(await recordVaultAvailability(t.deps.db, context, [passing()])).toBe(0);
    // Keel's own RPC endpoint failing says nothing about the vault.
    expect(
      await recordVaultAvailability(t.deps.db, context, [{ ...failing(), reason: 'the Base RPC endpoint did not answer' }]),
    ).toBe(0);
    // Two instances verifying at once store (and mail) the change once.
    const counts = await Promise.all([
      recordVaultAvailability(t.deps.db, context, [failing()]),
      recordVaultAvailability(t.deps.db, context, [failing()]),
    ]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(await recordVaultAvailability(t.deps.db, context, [passing()])).toBe(1);

    const mails = (await mailsTo(saver.email)).slice(before);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Everyday Cash is unavailable in Keel',
      'Everyday Cash is available again',
    ]);
    expect(mails[0]?.text).toContain('Your money stays in the vault');
    // The other saver holds nothing in the vault (and left the alert off).
    expect((await mailsTo(quiet.email)).some((mail) => mail.subject.startsWith('Everyday Cash'))).toBe(false);
  });
});
