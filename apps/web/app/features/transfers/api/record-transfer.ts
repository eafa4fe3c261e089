import type { RecordTransferInput } from '@keel/core/schemas';
import { api, readJson } from '~/lib/api-client';

/**
 * POST /api/transfers: tells the server a transaction was submitted, so it
 * tracks it from its own receipt check even if this tab closes. Amounts are
 * integer strings of token units.
 */
export async function recordTransfer(json: RecordTransferInput) {
  return (await readJson(await api.transfers.$post({ json }))).transfer;
}
