import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  http,
  parseAbi,
  parseUnits,
  type Address,
  type Hash,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { foundry } from 'viem/chains';
import { loadArtifacts } from './compile.js';

/**
 * A throwaway local chain for tests: anvil plus a mock USDC (6 decimals) and
 * the three Keel vaults (OpenZeppelin ERC-4626), deployed fresh. Used by the
 * server tests (apps/server/src/test-support/chain.ts) and the Playwright setup
 * (e2e/support/chain.ts).
 */

/** The local chain runs with Base's chain id (8453), so wallets sign exactly what they would on Base. */
export const ANVIL_CHAIN_ID = 8453;
export const USDC_DECIMALS = 6;

export type VaultKey = 'everydayCash' | 'smartSavings' | 'growthReserve';
export type VaultAddresses = Record<VaultKey, Address>;

export const VAULT_SPECS: Record<VaultKey, { name: string; symbol: string; exposesAccessLevel: boolean }> = {
  everydayCash: { name: 'Everyday Cash', symbol: 'kCASH', exposesAccessLevel: true },
  smartSavings: { name: 'Smart Savings', symbol: 'kSAVE', exposesAccessLevel: true },
  // One vault without accessLevel(), so the "vault does not expose one" path is exercised.
  growthReserve: { name: 'Growth Reserve', symbol: 'kGROW', exposesAccessLevel: false },
};

/** Seeded deposits (USDC) so every vault starts with non-zero assets and a share price of exactly 1. */
export const SEED_DEPOSITS: Record<VaultKey, string> = {
  everydayCash: '1250000',
  smartSavings: '500000',
  growthReserve: '250000',
};

/** anvil's first unlocked dev account (default mnemonic); anvil signs for it itself. */
export const DEPLOYER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

const ERC20_ABI = parseAbi([
  'function mint(address to, uint256 amount)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function balanceOf(address account) view returns (uint256)',
]);
const VAULT_ABI = parseAbi([
  'function asset() view returns (address)',
  'function deposit(uint256 assets, address receiver) returns (uint256)',
  'function convertToAssets(uint256 shares) view returns (uint256)',
  'function totalAssets() view returns (uint256)',
]);

export type ChainClients = { publicClient: PublicClient; walletClient: WalletClient };

export function chainClients(rpcUrl: string): ChainClients {
  const chain = { ...foundry, id: ANVIL_CHAIN_ID, rpcUrls: { default: { http: [rpcUrl] } } };
  return {
    publicClient: createPublicClient({ chain, transport: http(rpcUrl) }),
    walletClient: createWalletClient({ chain, account: DEPLOYER, transport: http(rpcUrl) }),
  };
}

async function confirm(clients: ChainClients, hash: Hash): Promise<void> {
  const receipt = await clients.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
}

/** Mints mock USDC (a decimal amount, e.g. "12500.5") to any address. */
export async function mintUsdc(rpcUrl: string, usdc: Address, to: Address, amount: string): Promise<void> {
  const clients = chainClients(rpcUrl);
  const hash = await clients.walletClient.writeContract({
    chain: null,
    account: DEPLOYER,
    address: usdc,
    abi: ERC20_ABI,
    functionName: 'mint',
    args: [to, parseUnits(amount, USDC_DECIMALS)],
  });
  await confirm(clients, hash);
}

async function vaultAsset(clients: ChainClients, vault: Address): Promise<Address> {
  return clients.publicClient.readContract({ address: vault, abi: VAULT_ABI, functionName: 'asset' });
}

/**
 * Simulates yield: mints USDC straight into the vault, so totalAssets grows
 * while the share supply does not and the share price rises for every holder.
 */
export async function addYield(rpcUrl: string, vault: Address, amount: string): Promise<void> {
  const clients = chainClients(rpcUrl);
  await mintUsdc(rpcUrl, await vaultAsset(clients, vault), vault, amount);
}

/** Deposits freshly minted USDC into a vault on behalf of receiver (who gets the shares). */
export async function depositToVault(
  rpcUrl: string,
  vault: Address,
  amount: string,
  receiver: Address = DEPLOYER,
): Promise<void> {
  const clients = chainClients(rpcUrl);
  const usdc = await vaultAsset(clients, vault);
  const assets = parseUnits(amount, USDC_DECIMALS);
  await mintUsdc(rpcUrl, usdc, DEPLOYER, amount);
  const approveHash = await clients.walletClient.writeContract({
    chain: null,
    account: DEPLOYER,
    address: usdc,
    abi: ERC20_ABI,
    functionName: 'approve',
    args: [vault, assets],
  });
  await confirm(clients, approveHash);
  const depositHash = await clients.walletClient.writeContract({
    chain: null,
    account: DEPLOYER,
    address: vault,
    abi: VAULT_ABI,
    functionName: 'deposit',
    args: [assets, receiver],
  });
  await confirm(clients, depositHash);
}

/**
 * The anvil binary, or why there is none: its npm package exists for Linux x64 only and is an
 * optional dependency, so `npm ci` works on macOS and ARM and the chain tests skip there.
 */
export const ANVIL_MISSING: string | null = locateAnvil().missing;
const ANVIL_BIN = locateAnvil().path;

function locateAnvil(): { path: string; missing: null } | { path: null; missing: string } {
  try {
    const pkg = createRequire(import.meta.url).resolve('@foundry-rs/anvil-linux-amd64/package.json');
    return { path: path.join(path.dirname(pkg), 'bin', 'anvil'), missing: null };
  } catch {
    return {
      path: null,
      missing:
        `no anvil binary for ${process.platform}-${process.arch} (@foundry-rs/anvil-linux-amd64 is an optional ` +
        'dependency published for Linux x64 only): the tests that need a local chain are skipped here',
    };
  }
}

/** Spawns the anvil binary itself (the .bin wrapper exits before anvil on SIGTERM) on a free port. */
async function spawnAnvil(): Promise<{ rpcUrl: string; child: ChildProcess }> {
  if (!ANVIL_BIN) throw new Error(ANVIL_MISSING ?? 'anvil is missing');
  const child = spawn(ANVIL_BIN, ['--host', '127.0.0.1', '--port', '0', '--chain-id', String(ANVIL_CHAIN_ID)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const rpcUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`anvil did not start in time:\n${output}`)), 15_000);
    function fail(error: Error) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    }
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
      const match = /Listening on ([\d.]+):(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`http://${match[1]}:${match[2]}`);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`anvil exited with ${code}:\n${output}`)));
  });
  // Keep draining: anvil logs every transaction, and a full pipe would stall it.
  child.stdout?.resume();
  child.stderr?.resume();
  return { rpcUrl, child };
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 3_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export type LocalChain = {
  rpcUrl: string;
  usdc: Address;
  vaults: VaultAddresses;
  /** BASE_RPC_URL, PUBLIC_BASE_RPC_URL, CHAIN_ID, USDC_ADDRESS and VAULT_*_ADDRESS pointing the server at this chain. */
  env: Record<string, string>;
  /** Mints USDC straight into a vault: its share price rises. */
  addYield: (vault: VaultKey | Address, amount: string) => Promise<void>;
  /** Deposits freshly minted USDC; the receiver gets the shares. */
  depositToVault: (vault: VaultKey | Address, amount: string, receiver?: Address) => Promise<void>;
  stop: () => Promise<void>;
};

export function isVaultKey(value: string): value is VaultKey {
  return Object.hasOwn(VAULT_SPECS, value);
}

export function chainEnv(rpcUrl: string, usdc: Address, vaults: VaultAddresses): Record<string, string> {
  return {
    BASE_RPC_URL: rpcUrl,
    PUBLIC_BASE_RPC_URL: rpcUrl,
    CHAIN_ID: String(ANVIL_CHAIN_ID),
    USDC_ADDRESS: usdc,
    VAULT_EVERYDAY_CASH_ADDRESS: vaults.everydayCash,
    VAULT_SMART_SAVINGS_ADDRESS: vaults.smartSavings,
    VAULT_GROWTH_RESERVE_ADDRESS: vaults.growthReserve,
  };
}

/** Starts anvil, deploys USDC and the three vaults, and (by default) seeds SEED_DEPOSITS. */
export async function startLocalChain(options: { seed?: boolean } = {}): Promise<LocalChain> {
  const artifacts = loadArtifacts();
  const { rpcUrl, child } = await spawnAnvil();
  // A crashed test run must not leave anvil behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    await stopProcess(child);
  };
  try {
    const clients = chainClients(rpcUrl);
    const deploy = async (name: keyof typeof artifacts, args: readonly unknown[]): Promise<Address> => {
      const artifact = artifacts[name];
      const hash = await clients.walletClient.deployContract({
        chain: null,
        account: DEPLOYER,
        abi: artifact.abi,
        bytecode: artifact.bytecode,
        args,
      });
      const receipt = await clients.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      if (!receipt.contractAddress) throw new Error(`deploying ${name} failed`);
      return receipt.contractAddress;
    };
    const usdc = await deploy('MockUSDC', []);
    const vaults = {} as VaultAddresses;
    for (const [key, spec] of Object.entries(VAULT_SPECS) as [VaultKey, (typeof VAULT_SPECS)[VaultKey]][]) {
      vaults[key] = await deploy(spec.exposesAccessLevel ? 'KeelAccessVault' : 'KeelVault', [usdc, spec.name, spec.symbol]);
    }
    if (options.seed !== false) {
      for (const key of Object.keys(vaults) as VaultKey[]) {
        await depositToVault(rpcUrl, vaults[key], SEED_DEPOSITS[key]);
      }
    }
    const resolve = (vault: VaultKey | Address): Address => (isVaultKey(vault) ? vaults[vault] : vault);
    return {
      rpcUrl,
      usdc,
      vaults,
      env: chainEnv(rpcUrl, usdc, vaults),
      addYield: (vault, amount) => addYield(rpcUrl, resolve(vault), amount),
      depositToVault: (vault, amount, receiver) => depositToVault(rpcUrl, resolve(vault), amount, receiver),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
