import { erc20Abi, type Address } from 'viem';
import { loggableChainFailure } from '../../chain/chain-errors.js';
import type { ChainClient } from '../../chain/chain-client.js';
import { createTtlCache } from '../../chain/ttl-cache.js';
import type { Logger } from '../../lib/logger.js';

export type ReadUsdcBalance = (address: Address) => Promise<bigint | null>;

/**
 * The USDC an address holds right now (token units), through the same short cache as vault reads; null when Base
 * cannot be read, so the page says so instead of showing nothing as zero.
 */
export function createReadUsdcBalance(options: {
  client: ChainClient;
  usdc: Address;
  cacheMs: number;
  logger: Logger;
  now: () => number;
}): ReadUsdcBalance {
  const balances = createTtlCache<bigint>({ ttlMs: options.cacheMs, now: options.now });
  return async function readUsdcBalance(address) {
    try {
      return await balances.get(address, () =>
        options.client.readContract({ address: options.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
      );
    } catch (error) {
      options.logger.warn({ ...loggableChainFailure(error) }, 'USDC balance unreadable');
      return null;
    }
  };
}
