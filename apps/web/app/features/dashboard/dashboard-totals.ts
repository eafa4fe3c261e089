import { formatSignedUsd, formatUsd, shownUsdSign, type DepositLike, type DepositSummary } from '@keel/core/money';
import { blendedAverageApy, formatPercent } from '@keel/core/yield-math';
import type { HistoryOverviewData } from '~/lib/history-overview';

/** One labelled part of a total, shown under it when the total adds two sources. */
export type TotalPart = { label: string; value: string; tone: Tone; testId: string };
export type Tone = 'neutral' | 'positive' | 'negative';

/** A card of the dashboard's Totals: the figure, what it is, and (when it adds sources) its parts. */
export type Total = { value: string; tone: Tone; note: string; parts: TotalPart[]; hint: string | null };

export type DashboardTotals = { earnings: Total; averageApy: Total };

export type TotalsInput = {
  /** Estimated figures over the operator-recorded deposits. */
  recorded: DepositSummary;
  recordedDeposits: readonly Pick<DepositLike, 'depositAmount' | 'apyPercent'>[];
  /** The linked wallet holds something on chain now (GET /api/positions). */
  hasOnChainPositions: boolean;
  /** GET /api/history/overview, once it answered; null while loading, or when it failed (then overviewFailed). */
  overview: HistoryOverviewData | null;
  overviewFailed: boolean;
  /** GET /api/deposits failed: the totals then fall back to zero. */
  recordedFailed?: boolean;
};

export const RECORDED_EARNINGS_NOTE = 'Last 30 days';
export const RECORDED_APY_NOTE = 'Across all vaults';
export const ON_CHAIN_EARNINGS_NOTE = 'Earned since first deposit';
export const ON_CHAIN_APY_NOTE = 'Realised APY, last 30 days';
/** What an empty figure shows, and the hint under it. */
export const EMPTY_FIGURE = '—';
export const EMPTY_HINT = 'Appears after your first deposit';

/** Coloured by what is shown: a sub-cent rounding loss reads $0.00 and is not painted as a loss. */
function toneOf(amount: bigint): Tone {
  const sign = shownUsdSign(amount);
  return sign > 0 ? 'positive' : sign < 0 ? 'negative' : 'neutral';
}

/** Why the on-chain part is missing although the wallet holds something on chain. */
function onChainHint(input: TotalsInput): string | null {
  if (!input.hasOnChainPositions) return null;
  if (input.overviewFailed) return 'On-chain earnings could not be loaded right now.';
  if (input.overview === null) return 'Loading on-chain earnings…';
  if (!input.overview.hasHistory) return 'On-chain earnings appear once your deposits are indexed (a few blocks).';
  return null;
}

/**
 * Total Earnings and Average APY of the dashboard: the
 * recorded deposits follow the estimate rules (estimate "Last 30 days", APY
 * "Across all vaults"); on-chain positions add what they earned since the first
 * deposit and their realised 30-day APY, weighted by value. When both exist the
 * card shows the sum (or the blended APY) with each part labelled under it, so
 * no figure appears twice and none contradicts another.
 */
export function buildDashboardTotals(input: TotalsInput): DashboardTotals {
  const { recorded, overview } = input;
  const onChain = overview && overview.walletCount > 0 && overview.hasHistory ? overview : null;
  const hasRecorded = recorded.count > 0;
  const hint = onChainHint(input);

  if (!onChain && !hasRecorded && !input.recordedFailed) {
    // Nothing to measure yet is a dash with the reason, never $0.00 or 0.0%.
    return {
      earnings: { value: EMPTY_FIGURE, tone: 'neutral', note: RECORDED_EARNINGS_NOTE, parts: [], hint: hint ?? EMPTY_HINT },
      averageApy: { value: EMPTY_FIGURE, tone: 'neutral', note: RECORDED_APY_NOTE, parts: [], hint: hint ?? EMPTY_HINT },
    };
  }

  if (!onChain) {
    return {
      earnings: { value: formatUsd(recorded.totalEarnings), tone: 'neutral', note: RECORDED_EARNINGS_NOTE, parts: [], hint },
      averageApy: { value: `${recorded.averageApy}%`, tone: 'neutral', note: RECORDED_APY_NOTE, parts: [], hint: null },
    };
  }

  const earned = BigInt(onChain.earnedAllTime);
  const realised = onChain.realisedApy30d === null ? null : BigInt(onChain.realisedApy30d);
  const realisedNote = realised === null ? `${ON_CHAIN_APY_NOTE}: needs a day of history` : ON_CHAIN_APY_NOTE;

  if (!hasRecorded) {
    return {
      earnings: { value: formatUsd(earned), tone: toneOf(earned), note: ON_CHAIN_EARNINGS_NOTE, parts: [], hint: null },
      averageApy: {
        value: realised === null ? '—' : formatPercent(realised, { decimals: 1 }),
        tone: 'neutral',
        note: realisedNote,
        parts: [],
        hint: null,
      },
    };
  }

  const totalEarnings = earned + recorded.totalEarnings;
  const blended = blendedAverageApy(input.recordedDeposits, { value: BigInt(onChain.currentValue), realisedApy: realised });
  return {
    earnings: {
      value: formatUsd(totalEarnings),
      tone: toneOf(totalEarnings),
      note: 'On chain since your first deposit, plus the estimate for recorded deposits',
      parts: [
        {
          label: 'On chain: earned since first deposit',
          value: formatSignedUsd(earned),
          tone: toneOf(earned),
          testId: 'stat-on-chain-earnings',
        },
        {
          label: 'Recorded deposits: estimate, last 30 days',
          value: formatUsd(recorded.totalEarnings),
          tone: 'neutral',
          testId: 'stat-recorded-earnings',
        },
      ],
      hint: null,
    },
    averageApy: {
      value: blended === null ? `${recorded.averageApy}%` : formatPercent(blended, { decimals: 1 }),
      tone: 'neutral',
      note: 'Weighted by balance, across on-chain and recorded deposits',
      parts: [
        {
          label: realised === null ? 'On chain: realised APY needs a day of history' : 'On chain: realised APY, last 30 days',
          value: realised === null ? '—' : formatPercent(realised),
          tone: 'neutral',
          testId: 'stat-on-chain-apy',
        },
        {
          label: 'Recorded deposits: their APY',
          value: `${recorded.averageApy}%`,
          tone: 'neutral',
          testId: 'stat-recorded-apy',
        },
      ],
      hint: null,
    },
  };
}
