import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { buildHistory, buildOverview } from './build-history.js';
import type { HistoryVault, LoadedHistory, LoadedVault } from './load-vault-histories.js';
import type { AddressUsdc, WalletTransfer } from './load-wallet-transfers.js';

const DAY_MS = 86_400_000;
const T0 = Date.parse('2026-03-01T00:00:00.000Z');
const day = (count: number) => T0 + count * DAY_MS;
const iso = (time: number) => new Date(time).toISOString();

const WALLET = '0x00000000000000000000000000000000000000aa';
const SAVINGS_ACCOUNT = '0x00000000000000000000000000000000000000bb';
const FRIEND = '0x0000000000000000000000000000000000000b0b';
const VAULT: HistoryVault = {
  id: 'everyday-cash',
  name: 'Everyday Cash',
  address: '0x1111111111111111111111111111111111111111' as Address,
  available: true,
};

/*
 * The saver's money, micro-USDC (both addresses indexed from day 0, balances read on day 4):
 *
 *   time     what                                   wallet   savings account   Ready to deposit   in vaults
 *   day 1    500 received from a friend                500                 0                500           0
 *   day 2    300 deposited into Everyday Cash          200                 0                200         300
 *   day 3    50 sent to the friend                     150                 0                150         300
 *   day 3.5  20 moved to the savings account           130                20                150         300
 *   day 4    balances read; share price now 1.01       130                20                150         303
 */
const DEPOSIT_TX = `0x${'d'.repeat(64)}`;

const everydayCash: LoadedVault = {
  vault: VAULT,
  history: {
    shareDecimals: 6,
    flows: [{ time: day(2), kind: 'deposit', shares: 300_000_000n, assets: 300_000_000n }],
    prices: [
      { time: day(2), price: 1_000_000n },
      { time: day(4), price: 1_010_000n },
    ],
    current: { time: day(4), price: 1_010_000n, value: 303_000_000n },
  },
  events: [
    {
      id: `${DEPOSIT_TX}:1`,
      time: day(2),
      kind: 'deposit',
      vault: VAULT,
      wallet: WALLET,
      assets: 300_000_000n,
      shares: 300_000_000n,
      shareDecimals: 6,
      txHash: DEPOSIT_TX,
      blockNumber: 20,
      isFromKeel: true,
    },
  ],
  indexedBlock: 40,
  stale: false,
};

const walletTransfers: WalletTransfer[] = [
  {
    id: 'usdc:received',
    time: day(1),
    direction: 'received',
    address: WALLET,
    counterparty: FRIEND,
    value: 500_000_000n,
    txHash: `0x${'1'.repeat(64)}`,
  },
  {
    id: 'usdc:sent',
    time: day(3),
    direction: 'sent',
    address: WALLET,
    counterparty: FRIEND,
    value: 50_000_000n,
    txHash: `0x${'3'.repeat(64)}`,
  },
];

// Every indexed USDC transfer of each address, the deposit into the vault and the move between them included.
const walletUsdc: AddressUsdc[] = [
  {
    address: WALLET,
    balance: 130_000_000n,
    asOf: day(4),
    knownFrom: day(0),
    changes: [
      { time: day(1), amount: 500_000_000n },
      { time: day(2), amount: -300_000_000n },
      { time: day(3), amount: -50_000_000n },
      { time: day(3.5), amount: -20_000_000n },
    ],
  },
  {
    address: SAVINGS_ACCOUNT,
    balance: 20_000_000n,
    asOf: day(4),
    knownFrom: day(0),
    changes: [{ time: day(3.5), amount: 20_000_000n }],
  },
];

const loaded = (overrides: Partial<LoadedHistory> = {}): LoadedHistory => ({
  vaults: [everydayCash],
  unavailable: [],
  indexing: false,
  walletCount: 2,
  walletTransfers,
  walletUsdc,
  ...overrides,
});

function pointAt(response: ReturnType<typeof buildHistory>, time: number) {
  const point = response.chart.balance.find((entry) => entry.time === iso(time));
  if (!point) throw new Error(`no balance point at ${iso(time)}`);
  return point;
}

describe('the balance chart with the USDC ready to deposit', () => {
  it('adds what the saver’s own addresses held at each moment, beside the vault balance, to the exact micro-USDC', () => {
    const response = buildHistory(loaded(), 'all');
    expect(response.hasHistory).toBe(true);
    expect(response.asOf).toBe(iso(day(4)));
    // All time starts at the first movement: the money received.
    expect(response.chart.balance[0]?.time).toBe(iso(day(1)));
    expect([day(1), day(2), day(3), day(3.5), day(4)].map((time) => pointAt(response, time))).toEqual([
      { time: iso(day(1)), value: '0', wallet: '500000000' },
      { time: iso(day(2)), value: '300000000', wallet: '200000000' },
      { time: iso(day(3)), value: '300000000', wallet: '150000000' },
      { time: iso(day(3.5)), value: '300000000', wallet: '150000000' },
      { time: iso(day(4)), value: '303000000', wallet: '150000000' },
    ]);
    // Between two movements the line holds: an evenly spaced point before the deposit still has the 500.
    const between = response.chart.balance.find((entry) => entry.time > iso(day(1)) && entry.time < iso(day(2)));
    expect(between).toMatchObject({ value: '0', wallet: '500000000' });
  });

  it('marks Received and Sent on the wallet line and deposits on the vault line, newest first', () => {
    expect(buildHistory(loaded(), 'all').chart.markers).toEqual([
      { time: iso(day(3)), type: 'Sent', vault: 'Wallet', amount: '-50000000', value: '150000000' },
      { time: iso(day(2)), type: 'Deposit', vault: 'Everyday Cash', amount: '300000000', value: '300000000' },
      { time: iso(day(1)), type: 'Received', vault: 'Wallet', amount: '500000000', value: '500000000' },
    ]);
  });

  it('says nothing before the addresses’ indexed history begins, rather than a guess', () => {
    const response = buildHistory(loaded(), '7d');
    // Seven days before day 4 is before day 0, where the indexing of both addresses starts.
    const first = response.chart.balance[0];
    expect(first?.time).toBe(iso(day(-3)));
    expect(first?.wallet).toBeNull();
    expect(response.chart.balance.filter((point) => point.time < iso(day(0))).every((point) => point.wallet === null)).toBe(true);
    expect(pointAt(response, day(3)).wallet).toBe('150000000');
  });

  it('starts the line where the indexed history begins, at what the addresses held then', () => {
    const response = buildHistory(loaded(), '7d');
    // Day 0 is no sampled time of a seven-day range: the point is there because both addresses are known from it.
    expect(pointAt(response, day(0))).toEqual({ time: iso(day(0)), value: '0', wallet: '0' });
    const known = response.chart.balance.filter((point) => point.wallet !== null);
    expect(known[0]?.time).toBe(iso(day(0)));
  });

  it('has no wallet series and no Received or Sent markers while an address has no balance read', () => {
    const response = buildHistory(loaded({ walletUsdc: null }), 'all');
    expect(response.chart.balance.length).toBeGreaterThan(0);
    expect(response.chart.balance.every((point) => point.wallet === null)).toBe(true);
    expect(pointAt(response, day(2)).value).toBe('300000000');
    expect(response.chart.markers.map((marker) => marker.type)).toEqual(['Deposit']);
  });

  it('shows a saver who has only received money a chart, while the dashboard still waits for a deposit', () => {
    const history = loaded({
      vaults: [],
      walletCount: 1,
      walletTransfers: walletTransfers.slice(0, 1),
      walletUsdc: [
        {
          address: WALLET,
          balance: 500_000_000n,
          asOf: day(4),
          knownFrom: day(0),
          changes: [{ time: day(1), amount: 500_000_000n }],
        },
      ],
    });
    const response = buildHistory(history, 'all');
    expect(response.hasHistory).toBe(true);
    expect(response.asOf).toBe(iso(day(4)));
    expect(pointAt(response, day(1))).toEqual({ time: iso(day(1)), value: '0', wallet: '500000000' });
    expect(response.chart.balance.at(-1)).toEqual({ time: iso(day(4)), value: '0', wallet: '500000000' });
    expect(response.chart.markers).toEqual([
      { time: iso(day(1)), type: 'Received', vault: 'Wallet', amount: '500000000', value: '500000000' },
    ]);
    expect(buildOverview(history).hasHistory).toBe(false);
  });
});
