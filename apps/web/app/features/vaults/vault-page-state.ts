import { formatDecimal, formatUsd } from '@keel/core/money';
import type { VaultId } from '@keel/core/vaults';
import { formatPercent } from '@keel/core/yield-math';
import { formatDay } from '~/lib/format-date';
import type { VaultFiguresData } from './api/vault-figures';

/*
 * What a vault's page shows, worked out as plain functions from the server's
 * answers: the hooks feed them the queries, the components only lay them out.
 */

type VaultStatus = { id: VaultId; available: boolean; address: string | null };
type Figures = NonNullable<VaultFiguresData['figures']>;
type RealisedApy = Figures['realisedApy7d'];

/** A vault is unavailable when either answer says it failed verification; the address comes from whichever knows it. */
export function vaultAvailability(
  vaultId: VaultId,
  statuses: readonly VaultStatus[] | undefined,
  figures: VaultFiguresData | undefined,
): { isUnavailable: boolean; address: string | null } {
  const status = statuses?.find((entry) => entry.id === vaultId);
  return {
    isUnavailable: status?.available === false || figures?.vault.available === false,
    address: figures?.vault.address ?? status?.address ?? null,
  };
}

export type LiveFigure = { label: string; value: string | null; note: string; testId: string };

export type LiveFiguresState =
  | { kind: 'unavailable' }
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'no-figures'; message: string }
  | { kind: 'figures'; asOf: string; blockNumber: number; stale: boolean; figures: LiveFigure[] };

/** "Realised from the share price since …", or why a realised APY has no value yet. */
export function apyNote(apy: RealisedApy, window: string): string {
  if (apy.apy === null || apy.since === null) return `Realised over ${window}: needs a day of share-price history`;
  return `Realised from the share price since ${formatDay(apy.since)}, annualised`;
}

/** The four live figures: total assets, share price, realised APY over 7 and 30 days (a dash, never a bare 0). */
export function liveFigures(figures: Figures): LiveFigure[] {
  const apy = (window: RealisedApy) => (window.apy === null ? null : formatPercent(BigInt(window.apy)));
  return [
    {
      label: 'Total assets',
      value: formatUsd(BigInt(figures.totalAssets)),
      note: 'USDC held by the vault (totalAssets), all savers together',
      testId: 'vault-total-assets',
    },
    {
      label: 'Share price',
      value: `${formatDecimal(BigInt(figures.sharePrice), 6, 4)} USDC`,
      note: 'What one vault share converts to',
      testId: 'vault-share-price',
    },
    {
      label: 'Realised APY, 7 days',
      value: apy(figures.realisedApy7d),
      note: apyNote(figures.realisedApy7d, '7 days'),
      testId: 'vault-apy-7d',
    },
    {
      label: 'Realised APY, 30 days',
      value: apy(figures.realisedApy30d),
      note: apyNote(figures.realisedApy30d, '30 days'),
      testId: 'vault-apy-30d',
    },
  ];
}

/**
 * The share-price series to draw: only for a verified vault with figures. It
 * stays through a failed refresh, like the last figures the server sent.
 */
export function sharePriceChart(isUnavailable: boolean, data: VaultFiguresData | undefined): VaultFiguresData['chart'] | null {
  return !isUnavailable && data?.figures ? data.chart : null;
}

/** What the live-figures block shows: an unverified vault shows no figures at all, whatever else is known. */
export function liveFiguresState(input: {
  isUnavailable: boolean;
  isPending: boolean;
  error: Error | null;
  data: VaultFiguresData | undefined;
}): LiveFiguresState {
  const { isUnavailable, isPending, error, data } = input;
  if (isUnavailable) return { kind: 'unavailable' };
  if (isPending) return { kind: 'loading' };
  if (error || !data) return { kind: 'error', message: error?.message ?? '' };
  if (!data.figures) {
    return {
      kind: 'no-figures',
      message: data.indexing
        ? 'Keel is still reading this vault’s history from Base. Its figures appear in a moment.'
        : 'This vault’s figures cannot be read from Base right now.',
    };
  }
  return {
    kind: 'figures',
    asOf: data.figures.asOf,
    blockNumber: data.figures.blockNumber,
    stale: data.stale,
    figures: liveFigures(data.figures),
  };
}

type Position = { vaultId: VaultId; assets: string; shares: string; shareDecimals: number };

export type PositionState = { isOnChain: boolean } & (
  | { kind: 'loading' }
  | { kind: 'no-wallet' }
  | { kind: 'error' }
  | { kind: 'empty' }
  | { kind: 'held'; value: string; shares: string }
);

/**
 * The saver's own holding in this vault, read from chain through their linked
 * wallet. `isOnChain` says a holding is known, even while a refresh has failed.
 */
export function positionState(input: {
  vaultId: VaultId;
  isWalletLoading: boolean;
  hasWallet: boolean;
  isPositionsLoading: boolean;
  isPositionsError: boolean;
  positions: readonly Position[] | undefined;
}): PositionState {
  const position = input.positions?.find((entry) => entry.vaultId === input.vaultId);
  const isOnChain = Boolean(position);
  if (input.isWalletLoading || (input.hasWallet && input.isPositionsLoading)) return { kind: 'loading', isOnChain };
  if (!input.hasWallet) return { kind: 'no-wallet', isOnChain };
  if (input.isPositionsError) return { kind: 'error', isOnChain };
  if (!position) return { kind: 'empty', isOnChain };
  return {
    kind: 'held',
    isOnChain,
    value: formatUsd(BigInt(position.assets)),
    shares: formatDecimal(BigInt(position.shares), position.shareDecimals, 2),
  };
}
