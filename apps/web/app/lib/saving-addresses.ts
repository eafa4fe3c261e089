import { queryOptions } from '@tanstack/react-query';
import { api, readJson } from '~/lib/api-client';
import { HISTORY_QUERY_KEY } from '~/lib/query-keys';

/**
 * GET /api/money-in/addresses: every address the saver saves from, in full, with the USDC it holds (ready to
 * deposit). Under the history key, so a confirmed transfer or a new link refreshes it with the rest.
 */
export function savingAddressesQueryOptions() {
  return queryOptions({
    queryKey: [...HISTORY_QUERY_KEY, 'saving-addresses'],
    queryFn: async () => readJson(await api['money-in'].addresses.$get()),
  });
}

export type SavingAddresses = Awaited<ReturnType<NonNullable<ReturnType<typeof savingAddressesQueryOptions>['queryFn']>>>;
