import { formatUsd } from '@keel/core/money';
import type { HistoryOverviewData } from '~/lib/history-overview';
import type { PositionsData } from '~/lib/positions';
import { EMPTY_FIGURE, buildDashboardTotals, type TotalPart } from './dashboard-totals';
import { isFirstRun, type FirstRunFacts } from './first-run';
import type { RecordedDeposits } from './hooks/use-recorded-deposits';

/** What the page needs of a server read: its data once answered, and where it is. */
type Read<T> = { data: T | undefined; isPending: boolean; isLoading: boolean; isSuccess: boolean; isError: boolean };

export type DashboardReads = {
  linked: Read<{ walletAddress: string } | null>;
  recorded: RecordedDeposits;
  positions: Read<PositionsData>;
  overview: Read<HistoryOverviewData>;
  transfers: Read<FirstRunFacts['transfers']>;
};

/**
 * Everything the dashboard shows, worked out from its server reads: the
 * totals, which sources they add, whether the first-run checklist applies and
 * whether every fact that decides the page's layout has answered.
 */
export function dashboardView({ linked, recorded, positions, overview, transfers }: DashboardReads) {
  const linkedAddress = linked.data?.walletAddress ?? null;
  const hasLink = linkedAddress !== null;
  const onChain = positions.data?.positions ?? [];
  const onChainTotal = onChain.reduce((sum, position) => sum + BigInt(position.assets), 0n);
  const isReadFailed = positions.isError;
  const hasHistory = overview.data?.hasHistory === true;
  const hasRecorded = recorded.summary.count > 0;
  const hasNothingYet = onChain.length === 0 && !hasRecorded && !hasHistory && !recorded.isFailed;
  const isLoading = linked.isLoading || (hasLink && (recorded.isLoading || positions.isLoading));

  // Both sources: each part under the sum (the cards below repeat them per vault).
  const balanceParts: TotalPart[] =
    !isReadFailed && onChain.length > 0 && hasRecorded
      ? [
          { label: 'On chain', value: formatUsd(onChainTotal), tone: 'neutral', testId: 'stat-on-chain-balance' },
          {
            label: 'Recorded deposits',
            value: formatUsd(recorded.summary.totalBalance),
            tone: 'neutral',
            testId: 'stat-recorded-balance',
          },
        ]
      : [];

  // The checklist comes from the server's facts only, and not while they load or after one failed.
  const firstRunFacts: FirstRunFacts = {
    hasLinkedWallet: hasLink,
    hasPosition: onChain.length > 0,
    hasRecordedDeposits: hasRecorded,
    hasHistory,
    transfers: transfers.data ?? [],
  };
  const areFactsSettled =
    linked.isSuccess && (!hasLink || (!isLoading && positions.isSuccess && !overview.isPending && !transfers.isPending));
  // For a linked wallet nothing below the title shows until each read has answered (or failed): the
  // checklist then appears with the cards instead of pushing painted cards down.
  const haveFactsAnswered =
    !linked.isPending &&
    (!hasLink || (!recorded.isPending && !positions.isPending && !overview.isPending && !transfers.isPending));

  return {
    linkedAddress,
    hasLink,
    onChain,
    unavailableVaults: (positions.data?.vaults ?? []).filter((vault) => !vault.available),
    isReadFailed,
    hasHistory,
    isLoading,
    balance: {
      value: hasNothingYet ? EMPTY_FIGURE : formatUsd(onChainTotal + recorded.summary.totalBalance),
      note:
        onChain.length === 0
          ? 'Sum of your recorded deposits'
          : hasRecorded
            ? 'On-chain value plus your recorded deposits'
            : 'On-chain value of your linked wallet, read from Base',
      parts: balanceParts,
      isEmpty: hasNothingYet,
    },
    totals: buildDashboardTotals({
      recorded: recorded.summary,
      recordedDeposits: recorded.deposits,
      hasOnChainPositions: onChain.length > 0,
      overview: overview.data ?? null,
      overviewFailed: overview.isError,
      recordedFailed: recorded.isFailed,
    }),
    firstRunFacts,
    isFirstRun: areFactsSettled && isFirstRun(firstRunFacts),
    haveFactsAnswered,
  };
}

export type DashboardView = ReturnType<typeof dashboardView>;
