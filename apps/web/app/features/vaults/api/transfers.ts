import { queryOptions } from '@tanstack/react-query';
import { api, readJson } from '~/lib/api-client';
import { TRANSFERS_QUERY_KEY } from '~/lib/query-keys';

/**
 * POST /api/transfers: tells the server a transaction was submitted, so it
 * tracks it from its own receipt check even if this tab closes. Amounts are
 * integer strings of token units.
 */
export async function recordTransfer(input: {
  txHash: `0x${string}`;
  kind: 'deposit' | 'withdraw';
  walletAddress: string;
  vaultAddress: string;
  requestedAssets?: bigint;
  requestedShares?: bigint;
}) {
  const json = {
    txHash: input.txHash,
    kind: input.kind,
    walletAddress: input.walletAddress,
    vaultAddress: input.vaultAddress,
    ...(input.requestedAssets === undefined ? {} : { requestedAssets: input.requestedAssets.toString() }),
    ...(input.requestedShares === undefined ? {} : { requestedShares: input.requestedShares.toString() }),
  };
  return (await readJson(await api.transfers.$post({ json }))).transfer;
}

/**
 * GET /api/transfers: the deposits and withdrawals this account sent through
 * Keel, with the server's own confirmation status. The first-run checklist
 * reads it (a deposit sent means a vault was chosen).
 */
export function transfersQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: TRANSFERS_QUERY_KEY,
    enabled,
    queryFn: async () => (await readJson(await api.transfers.$get())).transfers,
  });
}
