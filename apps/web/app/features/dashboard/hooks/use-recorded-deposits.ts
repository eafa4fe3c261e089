import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { localIsoDate, summarizeDeposits, summarizeDepositsByVault, type DepositSummary } from '@keel/core/money';
import { depositsQueryOptions } from '../api/deposits';

const EMPTY_SUMMARY: DepositSummary = { totalBalance: 0n, totalEarnings: 0n, averageApy: '0.0', count: 0 };

/** The operator-recorded deposits, summed as a whole and per vault; a failed read is logged and counts as none. */
export function useRecordedDeposits(enabled: boolean) {
  const query = useQuery(depositsQueryOptions(enabled));
  const { error } = query;
  useEffect(() => {
    if (error) console.error('Failed to load deposits', error);
  }, [error]);
  const deposits = useMemo(() => (error ? [] : (query.data?.deposits ?? [])), [error, query.data]);
  return useMemo(() => {
    const today = localIsoDate();
    return {
      isLoading: query.isLoading,
      isPending: query.isPending,
      isFailed: Boolean(error),
      deposits,
      summary: deposits.length > 0 ? summarizeDeposits(deposits, today) : EMPTY_SUMMARY,
      byVault: summarizeDepositsByVault(deposits, today),
    };
  }, [deposits, error, query.isLoading, query.isPending]);
}

export type RecordedDeposits = ReturnType<typeof useRecordedDeposits>;
