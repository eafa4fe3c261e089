import { getAddress, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { increaseTime } from '../../../../../contracts/chain-actions.js';
import { createSignedInUser, type SignedInUser } from '../../test-support/auth.js';
import {
  ANVIL_MISSING,
  DEPLOYER,
  DEV_KEYS,
  addressOfKey,
  sendUsdc,
  startTestChain,
  type TestChain,
} from '../../test-support/chain.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { linkWallet } from '../../test-support/wallet-link.js';
import { listAllSavingAddresses } from '../wallet/list-saving-addresses.js';
import type { HistoryOverview, HistoryResponse } from './build-history.js';
import { createHistoryIndexer, listVerifiedVaults, type HistoryIndexer } from './indexer/history-indexer.js';

const FRIEND: Address = '0x0000000000000000000000000000000000000b0b';

let chain: TestChain;
let t: TestApp;
let indexer: HistoryIndexer;
let saver: SignedInUser;
let wallet: Address;
let receivedHash: string;
let sentHash: string;

async function indexAll() {
  await chain.mine(t.config.chainConfirmations);
  for (let round = 0; round < 100; round += 1) {
    const result = await indexer.tick();
    if (result.status === 'failed') throw result.error;
    if (result.status === 'indexed' && result.pass.caughtUp) return;
  }
  throw new Error('indexer did not catch up');
}

if (ANVIL_MISSING) console.warn(`wallet-transfers.routes.test.ts: ${ANVIL_MISSING}`);
beforeAll(async () => {
  if (ANVIL_MISSING) return;
  chain = await startTestChain();
  t = await createTestApp({ env: { ...chain.env, VAULT_CACHE_MS: '0' } });
  indexer = createHistoryIndexer({
    db: t.deps.db,
    tryLock: t.database.tryLock,
    chain: t.deps.historyChain,
    config: t.config,
    logger: t.deps.logger,
    listVaults: listVerifiedVaults(t.deps.chain.vaults),
    transfers: { usdc: chain.usdc, listAddresses: () => listAllSavingAddresses(t.deps.db) },
  });
  saver = await createSignedInUser(t);
  // anvil's dev account 1: unlocked, so the test can send from it as the saver's wallet would.
  wallet = await linkWallet(t, saver.cookie, DEV_KEYS[0]);
  await chain.mintUsdc(DEPLOYER, '500');
  receivedHash = (await sendUsdc(chain, DEPLOYER, wallet, '250.5')).toLowerCase();
  await increaseTime(chain.rpcUrl, 60);
  sentHash = (await sendUsdc(chain, wallet, FRIEND, '20')).toLowerCase();
  await indexAll();
});
afterAll(async () => {
  await indexer?.stop();
  await t?.close();
  await chain?.stop();
});

describe.skipIf(ANVIL_MISSING !== null)('USDC received and sent in the activity', () => {
  it('shows USDC that arrived as Received and USDC sent as Sent, with the other side and the transaction', async () => {
    expect(wallet).toBe(addressOfKey(DEV_KEYS[0]));
    const response = await t.app.request('/api/history?range=30d', { headers: { cookie: saver.cookie } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as HistoryResponse;
    expect(body.activity.map((row) => [row.type, row.vault, row.amount, row.counterparty, row.txHash])).toEqual([
      ['Sent', 'Wallet', '-20000000', FRIEND, sentHash],
      ['Received', 'Wallet', '250500000', DEPLOYER.toLowerCase(), receivedHash],
    ]);
    expect(body.activity[0]).toMatchObject({ vaultId: null, vaultAddress: wallet, shares: null });
  });

  it('lists them in the CSV with the counterparty', async () => {
    const csv = await (await t.app.request('/api/history/export.csv', { headers: { cookie: saver.cookie } })).text();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('date,type,vault,amount_usdc,shares,tx_hash,counterparty');
    expect(lines.slice(1).map((line) => line.split(',').slice(1))).toEqual([
      ['Sent', 'Wallet', '-20.00', '', sentHash, FRIEND],
      ['Received', 'Wallet', '250.50', '', receivedHash, DEPLOYER.toLowerCase()],
    ]);
  });

  it('shows the USDC left in the wallet as ready to deposit', async () => {
    const response = await t.app.request('/api/money-in/addresses', { headers: { cookie: saver.cookie } });
    const body = (await response.json()) as { addresses: { address: string; usdc: string | null }[] };
    // anvil's dev accounts start without USDC: what is there came in above, less what went out.
    expect(body.addresses).toEqual([{ kind: 'linked-wallet', address: getAddress(wallet), usdc: '230500000' }]);
  });

  it('draws the USDC in the wallet beside the vault balance, with Received and Sent marked on it', async () => {
    const body = (await (
      await t.app.request('/api/history?range=30d', { headers: { cookie: saver.cookie } })
    ).json()) as HistoryResponse;
    // Money that has only arrived is history: the page shows its chart.
    expect(body.hasHistory).toBe(true);
    const [sent, received] = body.activity;
    expect(body.chart.markers).toEqual([
      { time: sent?.time, type: 'Sent', vault: 'Wallet', amount: '-20000000', value: '230500000' },
      { time: received?.time, type: 'Received', vault: 'Wallet', amount: '250500000', value: '250500000' },
    ]);
    const at = (time: string | undefined) => body.chart.balance.find((point) => point.time === time);
    expect(at(received?.time)).toEqual({ time: received?.time, value: '0', wallet: '250500000' });
    expect(at(sent?.time)).toEqual({ time: sent?.time, value: '0', wallet: '230500000' });
    expect(body.chart.balance.at(-1)).toMatchObject({ time: body.asOf, value: '0', wallet: '230500000' });
    // Thirty days back the chain had not started: not known, so not drawn, rather than $0.
    expect(body.chart.balance[0]?.wallet).toBeNull();

    // The dashboard's on-chain figures are the vaults': nothing deposited yet.
    const overview = (await (
      await t.app.request('/api/history/overview', { headers: { cookie: saver.cookie } })
    ).json()) as HistoryOverview;
    expect(overview.hasHistory).toBe(false);
  });

  it('another account never sees them', async () => {
    const stranger = await createSignedInUser(t);
    const body = (await (
      await t.app.request('/api/history', { headers: { cookie: stranger.cookie } })
    ).json()) as HistoryResponse;
    expect(body.activity).toEqual([]);
    expect(body.chart).toMatchObject({ balance: [], markers: [] });
  });
});
