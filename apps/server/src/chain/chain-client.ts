import { createPublicClient, http, type PublicClient } from 'viem';

export type ChainClient = PublicClient;

/**
 * The server's one JSON-RPC client for BASE_RPC_URL (vault checks, positions,
 * receipts, signature checks). No chain object: the node's chain id is checked
 * once by the vault registry instead, and not importing viem/chains (every
 * chain viem knows) saves the server ~30 MB of memory.
 */
export function createChainClient(rpcUrl: string, options: { timeoutMs?: number } = {}): ChainClient {
  return createPublicClient({
    transport: http(rpcUrl, { timeout: options.timeoutMs ?? 5_000, retryCount: 1 }),
  });
}
