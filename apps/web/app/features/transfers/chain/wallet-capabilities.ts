import { getCapabilities } from 'viem/actions';
import type { Account, Chain, Client, Transport } from 'viem';

/** How long a wallet gets to say what it can do before Keel assumes plain transactions (as Spark does). */
export const CAPABILITIES_TIMEOUT_MS = 3_000;

/**
 * Whether the wallet can send approve + deposit as one atomic EIP-5792 batch on
 * this chain: wallet_getCapabilities reports atomic.status 'supported' (or
 * 'ready': it will upgrade the account with EIP-7702 after the user agrees).
 * Anything else — no answer in 3 s, an error, no atomic entry — means no.
 */
export async function canBatchAtomically(client: Client<Transport, Chain, Account>, chainId: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), CAPABILITIES_TIMEOUT_MS);
  });
  try {
    const capabilities = await Promise.race([getCapabilities(client, { account: client.account, chainId }), timeout]);
    const status = capabilities?.atomic?.status;
    return status === 'supported' || status === 'ready';
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
