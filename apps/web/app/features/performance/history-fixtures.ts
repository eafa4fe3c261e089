import type { HistoryData } from './api/history';

/* A saver's history as the server answers it, for the performance page's tests. */

export const EXPLORER = 'https://basescan.org';
export const VAULT_ADDRESS = `0x${'1'.repeat(40)}`;
export const DEPOSIT_TX = `0x${'ab'.repeat(32)}`;

type VaultRow = HistoryData['vaults'][number];
type ActivityEntry = HistoryData['activity'][number];

/** One line of Recent Activity: by default a Keel deposit into Everyday Cash. */
export const activityEntry = (overrides: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id: 'd',
  time: '2026-08-05T00:00:00.000Z',
  type: 'Deposit',
  vaultId: 'everyday-cash',
  vault: 'Everyday Cash',
  vaultAddress: VAULT_ADDRESS,
  amount: '505000000',
  shares: '500000000',
  shareDecimals: 6,
  txHash: DEPOSIT_TX,
  isPartialMonth: false,
  isFromKeel: true,
  counterparty: null,
  ...overrides,
});

export const vaultRow = (id: VaultRow['id'], name: string, overrides: Partial<VaultRow> = {}): VaultRow => ({
  id,
  name,
  address: VAULT_ADDRESS,
  hasPosition: false,
  value: '0',
  netContributed: '0',
  earned: '0',
  earnedInRange: '0',
  depositsInRange: '0',
  sharePrice: '1000000',
  realisedApy: null,
  priceChange: '0',
  apySince: null,
  stale: false,
  indexedBlock: 100,
  ...overrides,
});

export function historyData(overrides: Partial<HistoryData> = {}): HistoryData {
  return {
    range: '30d',
    from: '2026-08-11T00:00:00.000Z',
    asOf: '2026-09-10T12:00:00.000Z',
    indexing: false,
    stale: false,
    walletCount: 1,
    unavailableVaults: [],
    hasHistory: true,
    summary: {
      totalEarnings: '12345000',
      earnedAllTime: '37000000',
      averageApy: '51234000000000000',
      totalDeposits: '505000000',
      currentValue: '1236000000',
      netContributed: '1199000000',
      bestMonth: { month: '2026-08', amount: '21000000' },
    },
    vaults: [
      vaultRow('everyday-cash', 'Everyday Cash', {
        hasPosition: true,
        earnedInRange: '12345000',
        realisedApy: '51234000000000000',
        priceChange: '4000000000000000',
      }),
      vaultRow('smart-savings', 'Smart Savings'),
      vaultRow('growth-reserve', 'Growth Reserve', { priceChange: '-13000000000000000', realisedApy: '-150000000000000000' }),
    ],
    chart: {
      balance: [
        { time: '2026-08-11T00:00:00.000Z', value: '1000000000', wallet: null },
        { time: '2026-09-10T12:00:00.000Z', value: '1236000000', wallet: null },
      ],
      markers: [
        { time: '2026-08-20T00:00:00.000Z', type: 'Withdraw', vault: 'Everyday Cash', amount: '-306000000', value: '1210000000' },
      ],
      sharePrices: [],
    },
    activity: [
      activityEntry({
        id: 'interest:everyday-cash:2026-09',
        time: '2026-09-10T12:00:00.000Z',
        type: 'Interest',
        amount: '6000000',
        shares: null,
        txHash: null,
        isPartialMonth: true,
        isFromKeel: false,
      }),
      activityEntry({
        id: 'w',
        time: '2026-08-20T00:00:00.000Z',
        type: 'Withdraw',
        amount: '-306000000',
        shares: '300000000',
        txHash: `0x${'cd'.repeat(32)}`,
        isFromKeel: false,
      }),
      activityEntry(),
    ],
    ...overrides,
  };
}
