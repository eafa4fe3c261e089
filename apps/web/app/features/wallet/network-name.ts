import { anvil, arbitrum, baseSepolia, mainnet, optimism, polygon, sepolia } from 'viem/chains';
import { BASE_CHAIN_ID } from '@keel/core/constants';

/** Only a few well-known chains: the full viem catalogue would bloat the bundle. */
const KNOWN_CHAINS: ReadonlyMap<number, string> = new Map(
  [mainnet, optimism, arbitrum, polygon, sepolia, baseSepolia, anvil].map((chain) => [chain.id, chain.name]),
);

/** The wallet panel's network badge text: 'Base Network' or the other chain's name. */
export function networkName(chainId: number): string {
  if (chainId === BASE_CHAIN_ID) return 'Base Network';
  return KNOWN_CHAINS.get(chainId) ?? `Unknown network (chain ${chainId})`;
}
