import type { VaultFiguresData } from './api/vault-figures';

/* One vault's figures as the server answers them, for the vault page's tests. */

export const VAULT_ADDRESS = `0x${'b'.repeat(40)}`;

export const figuresData = (overrides: Partial<VaultFiguresData> = {}): VaultFiguresData => ({
  vault: { id: 'smart-savings', name: 'Smart Savings', address: VAULT_ADDRESS, available: true },
  indexing: false,
  stale: false,
  figures: {
    asOf: '2026-09-10T12:00:00.000Z',
    blockNumber: 1234567,
    shareDecimals: 6,
    totalAssets: '1234567890000',
    sharePrice: '1012300',
    realisedApy7d: { apy: '81234000000000000', since: '2026-09-03T12:00:00.000Z' },
    realisedApy30d: { apy: null, since: null },
  },
  chart: [
    { time: '2026-09-01T00:00:00.000Z', price: '1010000' },
    { time: '2026-09-10T00:00:00.000Z', price: '1012300' },
  ],
  ...overrides,
});
