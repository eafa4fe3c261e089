import { maxUint256, parseAbi, parseUnits, type Address, type Hash } from 'viem';
import { chainClients, DEPLOYER, USDC_DECIMALS, type VaultKey } from '../contracts/local-chain';

/**
 * Yield on the demo chain, every minute: USDC minted straight into each vault
 * (its share price rises for every holder) and a 1 USDC deposit from the
 * deployer (a Deposit event, so the history indexer records the new share
 * price at once instead of at the next hourly snapshot).
 *
 * Accelerated so figures move within minutes: per minute 0.002 % of Everyday
 * Cash's assets, 0.004 % of Smart Savings' and 0.01 % of Growth Reserve's.
 * Keel shows no realised APY before a day of history, so the speed-up never
 * turns into a yearly figure.
 */
export const YIELD_PER_MINUTE_PPM: Record<VaultKey, bigint> = { everydayCash: 20n, smartSavings: 40n, growthReserve: 100n };

const ABI = parseAbi([
  'function mint(address to, uint256 amount)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function deposit(uint256 assets, address receiver) returns (uint256)',
  'function totalAssets() view returns (uint256)',
]);

/** USDC the deployer can spend on the per-minute deposits (minted once, approved once). */
const MARKET_FLOAT = parseUnits('1000000', USDC_DECIMALS);
const MARKET_DEPOSIT = parseUnits('1', USDC_DECIMALS);

export type YieldTicker = { tick: () => Promise<void> };

export async function prepareYield(rpcUrl: string, usdc: Address, vaults: Record<VaultKey, Address>): Promise<YieldTicker> {
  const { publicClient, walletClient } = chainClients(rpcUrl);
  const send = (address: Address, functionName: 'mint' | 'approve', args: readonly [Address, bigint]): Promise<Hash> =>
    walletClient.writeContract({ chain: null, account: DEPLOYER, address, abi: ABI, functionName, args });
  const deposit = (vault: Address): Promise<Hash> =>
    walletClient.writeContract({
      chain: null,
      account: DEPLOYER,
      address: vault,
      abi: ABI,
      functionName: 'deposit',
      args: [MARKET_DEPOSIT, DEPLOYER],
    });
  const settle = async (hashes: Hash[]) => {
    for (const hash of hashes) {
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
      if (receipt.status !== 'success') throw new Error(`yield transaction ${hash} reverted`);
    }
  };

  const setup = [await send(usdc, 'mint', [DEPLOYER, MARKET_FLOAT])];
  for (const vault of Object.values(vaults)) setup.push(await send(usdc, 'approve', [vault, maxUint256]));
  await settle(setup);

  return {
    async tick() {
      // Sent one after another (anvil numbers the deployer's nonces in order), then awaited together.
      const hashes: Hash[] = [];
      for (const [key, vault] of Object.entries(vaults) as [VaultKey, Address][]) {
        const assets = await publicClient.readContract({ address: vault, abi: ABI, functionName: 'totalAssets' });
        const amount = (assets * YIELD_PER_MINUTE_PPM[key]) / 1_000_000n;
        if (amount > 0n) hashes.push(await send(usdc, 'mint', [vault, amount]));
        hashes.push(await deposit(vault));
      }
      await settle(hashes);
    },
  };
}
