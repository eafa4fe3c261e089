import path from 'node:path';
import { erc20Abi, erc4626Abi, parseUnits, type Address, type Hash } from 'viem';
import { startLocalBundler } from '../../contracts/bundler';
import { increaseTime as increaseChainTime } from '../../contracts/chain-actions';
import {
  addYield as addYieldOnChain,
  chainClients,
  DEPLOYER,
  DEV_ACCOUNTS,
  depositToVault as depositOnChain,
  isVaultKey,
  mineBlocks as mineChainBlocks,
  mintUsdc as mintUsdcOnChain,
  rpc,
  setVaultPaused,
  startLocalChain,
  type VaultKey,
} from '../../contracts/local-chain';

export { ANVIL_CHAIN_ID, ANVIL_MISSING, SEED_DEPOSITS, VAULT_SPECS, type VaultKey } from '../../contracts/local-chain';

/** Set by the global setup where no anvil binary exists for this platform: the reason chain specs skip. */
export function chainMissingReason(): string | null {
  return process.env.E2E_CHAIN_MISSING ?? null;
}

/**
 * The local chain for end-to-end tests: anvil with mock USDC and the three
 * vaults deployed fresh and seeded. global-setup puts `env` into the server's
 * environment and into process.env, so specs (in worker processes) find the
 * chain through BASE_RPC_URL and VAULT_*_ADDRESS.
 */
export async function startChain(workDir: string): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  const chain = await startLocalChain();
  // Deployed and seeded at full speed; from now on a block every second, like a real chain, so
  // transactions wait in the pool and CHAIN_CONFIRMATIONS (2) deep takes a couple of seconds.
  await rpc(chain.rpcUrl, 'evm_setIntervalMining', [1]);
  // A real bundler for passkey accounts; with the chain's PAYMASTER_* it switches them on in the server.
  const bundler = await startLocalBundler(chain.rpcUrl, { blockTimeMs: 1000, logFile: path.join(workDir, 'bundler.log') }).catch(
    async (error: unknown) => {
      await chain.stop();
      throw error;
    },
  );
  const stop = async () => {
    await bundler.stop();
    await chain.stop();
  };
  // No server-side vault cache in end-to-end runs, so a spec that calls addYield sees the new
  // share price on the next read (the cache itself is covered by the server tests).
  return { env: { ...chain.env, BUNDLER_URL: bundler.url, VAULT_CACHE_MS: '0', CHAIN_POLL_MS: '500' }, stop };
}

const VAULT_ENV: Record<VaultKey, string> = {
  everydayCash: 'VAULT_EVERYDAY_CASH_ADDRESS',
  smartSavings: 'VAULT_SMART_SAVINGS_ADDRESS',
  growthReserve: 'VAULT_GROWTH_RESERVE_ADDRESS',
};

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: is the e2e global setup running the local chain?`);
  return value;
}

/** The chain's JSON-RPC URL (as the server sees it). */
export function chainRpcUrl(): string {
  return requireEnv('BASE_RPC_URL');
}

/** A vault's address on the local chain, by key ('everydayCash') or as given. */
export function vaultAddress(vault: VaultKey | Address): Address {
  return isVaultKey(vault) ? (requireEnv(VAULT_ENV[vault]) as Address) : vault;
}

/** Simulated yield: mints USDC (decimal string, e.g. '12500.5') into the vault, raising its share price. */
export function addYield(vault: VaultKey | Address, amount: string): Promise<void> {
  return addYieldOnChain(chainRpcUrl(), vaultAddress(vault), amount);
}

/** Deposits freshly minted USDC into a vault; `receiver` (e.g. the fake wallet's address) gets the shares. Returns the tx hash. */
export function depositToVault(vault: VaultKey | Address, amount: string, receiver?: Address): Promise<Hash> {
  return depositOnChain(chainRpcUrl(), vaultAddress(vault), amount, receiver);
}

/** Mines empty blocks at once, so earlier transactions reach CHAIN_CONFIRMATIONS without waiting for the 1 s interval. */
export function mineBlocks(count: number): Promise<void> {
  return mineChainBlocks(chainRpcUrl(), count);
}

/** Moves the chain's clock forward by `seconds` (the next block carries the new time). */
export function increaseTime(seconds: number): Promise<void> {
  return increaseChainTime(chainRpcUrl(), seconds);
}

/** Pauses or resumes a vault: its deposits and withdrawals then revert with "Vault is paused". */
export function setPaused(vault: VaultKey | Address, paused: boolean): Promise<void> {
  return setVaultPaused(chainRpcUrl(), vaultAddress(vault), paused);
}

/** Token reads straight from the chain, to check what a transfer really did. */
export async function readChain(owner: Address) {
  const { publicClient } = chainClients(chainRpcUrl());
  const usdc = requireEnv('USDC_ADDRESS') as Address;
  return {
    usdc: () => publicClient.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
    allowance: (vault: VaultKey) =>
      publicClient.readContract({ address: usdc, abi: erc20Abi, functionName: 'allowance', args: [owner, vaultAddress(vault)] }),
    shares: (vault: VaultKey) =>
      publicClient.readContract({ address: vaultAddress(vault), abi: erc4626Abi, functionName: 'balanceOf', args: [owner] }),
    previewDeposit: (vault: VaultKey, assets: bigint) =>
      publicClient.readContract({
        address: vaultAddress(vault),
        abi: erc4626Abi,
        functionName: 'previewDeposit',
        args: [assets],
      }),
  };
}

/**
 * A plain USDC transfer, as from an exchange: the test worker's dev account gets the USDC minted, then sends
 * it to `to` with `transfer` (a Transfer event from a real counterparty, not a mint). Returns the sender.
 */
export async function sendUsdc(to: Address, amount: string): Promise<Address> {
  const sender = DEV_ACCOUNTS[Number(process.env.TEST_WORKER_INDEX ?? '0') % DEV_ACCOUNTS.length] ?? DEPLOYER;
  const usdc = requireEnv('USDC_ADDRESS') as Address;
  await mintUsdcOnChain(chainRpcUrl(), usdc, sender, amount, sender);
  const { publicClient, walletClient } = chainClients(chainRpcUrl(), sender);
  const hash = await walletClient.writeContract({
    chain: null,
    account: sender,
    address: usdc,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, parseUnits(amount, 6)],
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`USDC transfer ${hash} reverted`);
  return sender;
}

/** Mints mock USDC (decimal string, e.g. '25') to any address on the local chain; no ETH is sent with it. */
export function mintUsdc(to: Address, amount: string): Promise<void> {
  return mintUsdcOnChain(chainRpcUrl(), requireEnv('USDC_ADDRESS') as Address, to, amount);
}
