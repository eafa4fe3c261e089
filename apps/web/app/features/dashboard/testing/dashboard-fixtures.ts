import type { HistoryOverviewData } from '~/lib/history-overview';
import type { PositionsData } from '~/lib/positions';

/** Server answers the dashboard's tests share. */
export const WALLET = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

/** The overview of a linked wallet that has nothing on chain yet. */
export const NO_HISTORY: HistoryOverviewData = {
  asOf: null,
  indexing: false,
  stale: false,
  walletCount: 1,
  hasHistory: false,
  earnedAllTime: '0',
  currentValue: '0',
  netContributed: '0',
  realisedApy30d: null,
  vaults: [],
};

/** About $25.00 in Everyday Cash, on chain. */
export const POSITION: PositionsData['positions'][number] = {
  walletAddress: WALLET,
  vaultId: 'everyday-cash',
  vaultName: 'Everyday Cash',
  vaultAddress: '0xa',
  shares: '24752475',
  shareDecimals: 6,
  assets: '24999999',
  sharePrice: '1010000',
};
