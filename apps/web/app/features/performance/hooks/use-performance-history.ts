import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_PERFORMANCE_RANGE, type PerformanceRangeId } from '@keel/core/constants';
import { publicConfigQueryOptions } from '~/lib/public-config';
import { historyQueryOptions } from '../api/history';
import { performancePageState } from '../performance-figures';

/**
 * The performance page's state: the chosen range, the history for it (the
 * previous range's figures stay on screen while the next one loads), the
 * block explorer to link to, and which body to show.
 */
export function usePerformanceHistory() {
  const [range, setRange] = useState<PerformanceRangeId>(DEFAULT_PERFORMANCE_RANGE);
  const history = useQuery({ ...historyQueryOptions(range), placeholderData: keepPreviousData });
  const config = useQuery(publicConfigQueryOptions());
  return {
    range,
    setRange,
    data: history.data,
    state: performancePageState(history.data, history.isError),
    errorMessage: history.error?.message ?? null,
    explorerUrl: config.data?.explorerUrl ?? null,
  };
}
