import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  http,
  maxUint256,
  numberToHex,
  parseAbi,
  parseUnits,
  type Address,
  type Hash,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { foundry } from 'viem/chains';
import { loadArtifacts, type ContractName } from './compile.js';
import { deploySafeStack, type SafeStack } from './safe-stack.js';

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

/**
 * anvil's other unlocked dev accounts (default mnemonic, indexes 1-9). Tests send
 * from them when several processes share one chain: anvil assigns each sender's
 * nonces itself, but one sender per process keeps the order of its own
 * transactions obvious.
 */
export const DEV_ACCOUNTS: readonly Address[] = [
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
  '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
  '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
];

/** The canonical Multicall3 address, where the local chain gets a Multicall3 of its own. */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

const ERC20_ABI = parseAbi([
  'function mint(address to, uint256 amount)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function balanceOf(address account) view returns (uint256)',
]);
const VAULT_ABI = parseAbi([
  'function asset() view returns (address)',
  'function deposit(uint256 assets, address receiver) returns (uint256)',
  'function convertToAssets(uint256 shares) view returns (uint256)',
  'function totalAssets() view returns (uint256)',
  'function setPaused(bool value)',
]);

export type ChainClients = { publicClient: PublicClient; walletClient: WalletClient };

export function chainClients(rpcUrl: string, sender: Address = DEPLOYER): ChainClients {
  const chain = { ...foundry, id: ANVIL_CHAIN_ID, rpcUrls: { default: { http: [rpcUrl] } } };
  return {
    publicClient: createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 }),
    walletClient: createWalletClient({ chain, account: sender, transport: http(rpcUrl) }),
  };
}

/** A raw JSON-RPC call (anvil's own methods: anvil_setCode, anvil_mine, evm_setIntervalMining…). */
export async function rpc(rpcUrl: string, method: string, params: readonly unknown[] = []): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method} failed: ${body.error.message}`);
  return body.result;
}

/** Puts a Multicall3 at its canonical address, so viem/wagmi batched reads work as on Base. */
export async function installMulticall3(rpcUrl: string): Promise<void> {
  await rpc(rpcUrl, 'anvil_setCode', [MULTICALL3_ADDRESS, loadArtifacts().Multicall3.deployedBytecode]);
}

/** Mines `blocks` blocks at once (confirmations in tests without waiting). */
export async function mineBlocks(rpcUrl: string, blocks = 1): Promise<void> {
  await rpc(rpcUrl, 'anvil_mine', [numberToHex(blocks)]);
}

/** Gives an address this much ETH (wei) without a transaction. */
export async function setEthBalance(rpcUrl: string, address: Address, wei: bigint): Promise<void> {
  await rpc(rpcUrl, 'anvil_setBalance', [address, numberToHex(wei)]);
}

/** Pauses (or resumes) a test vault: its deposits and withdrawals then revert with "Vault is paused". */
export async function setVaultPaused(rpcUrl: string, vault: Address, paused: boolean): Promise<void> {
  const clients = chainClients(rpcUrl);
  const hash = await clients.walletClient.writeContract({
    chain: null,
    account: DEPLOYER,
    address: vault,
    abi: VAULT_ABI,
    functionName: 'setPaused',
    args: [paused],
  });
  await confirm(clients, hash);
}

async function confirm(clients: ChainClients, hash: Hash): Promise<void> {
  const receipt = await clients.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
}

/**
 * A mint's gas limit, set rather than estimated. Minting to a balance of zero costs ~20,000 gas more than to one
 * that holds something, and the deployer's balance, which depositToVault mints into, is spent by other test
 * processes' deposits at any moment: a mint estimated while it held USDC and run after it reached zero ran out
 * of gas and reverted. A mint takes ~55,000 at most.
 */
const MINT_GAS = 150_000n;

/** Mints mock USDC (a decimal amount, e.g. "12500.5") to any address; `sender` pays the gas (anyone may mint). */
export async function mintUsdc(
  rpcUrl: string,
  usdc: Address,
  to: Address,
  amount: string,
  sender: Address = DEPLOYER,
): Promise<void> {
  const clients = chainClients(rpcUrl, sender);
  const hash = await clients.walletClient.writeContract({
    chain: null,
    account: sender,
    address: usdc,
    abi: ERC20_ABI,
    functionName: 'mint',
    args: [to, parseUnits(amount, USDC_DECIMALS)],
    gas: MINT_GAS,
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

/**
 * Deposits freshly minted USDC into a vault on behalf of receiver (who gets the shares); returns the deposit's tx hash.
 *
 * The deployer is shared by every test process on the chain (Playwright workers run at once), so it
 * approves each vault without limit once instead of exactly per deposit: with exact approvals one
 * worker's approve overwrote another's between its approve and its deposit, and that deposit
 * reverted. Mints only add to the deployer's balance, and an unlimited allowance is never spent
 * down (OpenZeppelin ERC-20), so concurrent calls cannot take each other's funds or allowance.
 * (The app's own transfers approve exactly; this is test set-up only.)
 */
export async function depositToVault(
  rpcUrl: string,
  vault: Address,
  amount: string,
  receiver: Address = DEPLOYER,
): Promise<Hash> {
  const clients = chainClients(rpcUrl);
  const usdc = await vaultAsset(clients, vault);
  const assets = parseUnits(amount, USDC_DECIMALS);
  await mintUsdc(rpcUrl, usdc, DEPLOYER, amount);
  const allowance = await clients.publicClient.readContract({
    address: usdc,
    abi: ERC20_ABI,
    functionName: 'allowance',
    args: [DEPLOYER, vault],
  });
  if (allowance < assets) {
    const approveHash = await clients.walletClient.writeContract({
      chain: null,
      account: DEPLOYER,
      address: usdc,
      abi: ERC20_ABI,
      functionName: 'approve',
      args: [vault, maxUint256],
    });
    await confirm(clients, approveHash);
  }
  const depositHash = await clients.walletClient.writeContract({
    chain: null,
    account: DEPLOYER,
    address: vault,
    abi: VAULT_ABI,
    functionName: 'deposit',
    args: [assets, receiver],
  });
  await confirm(clients, depositHash);
  return depositHash;
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

/** SIGTERM, then SIGKILL if the process has not exited after 3 s. */
export function stopProcess(child: ChildProcess): Promise<void> {
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
  /** anvil's process id (to check that whoever started it also stopped it). */
  pid: number | undefined;
  usdc: Address;
  vaults: VaultAddresses;
  /** Keel's verifying paymaster, funded on the EntryPoint, and the key that signs its sponsorships. */
  safeStack: SafeStack;
  /**
   * BASE_RPC_URL, PUBLIC_BASE_RPC_URL, CHAIN_ID, USDC_ADDRESS and VAULT_*_ADDRESS pointing the server at this
   * chain, and PAYMASTER_ADDRESS / PAYMASTER_SIGNER_KEY (passkey accounts stay off until a BUNDLER_URL is added).
   */
  env: Record<string, string>;
  /** Mints USDC straight into a vault: its share price rises. */
  addYield: (vault: VaultKey | Address, amount: string) => Promise<void>;
  /** Deposits freshly minted USDC; the receiver gets the shares. */
  depositToVault: (vault: VaultKey | Address, amount: string, receiver?: Address) => Promise<Hash>;
  /** Mints USDC (decimal string) to an address. */
  mintUsdc: (to: Address, amount: string) => Promise<void>;
  /** Mines blocks at once. */
  mine: (blocks?: number) => Promise<void>;
  /** Pauses or resumes a vault (its transfers then revert with "Vault is paused"). */
  setPaused: (vault: VaultKey | Address, paused: boolean) => Promise<void>;
  /** Deploys one of the compiled test contracts; answers its address. */
  deploy: (name: ContractName, args?: readonly unknown[]) => Promise<Address>;
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
    await installMulticall3(rpcUrl);
    const deploy = async (name: ContractName, args: readonly unknown[] = []): Promise<Address> => {
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
    // After the test contracts, so USDC and the vaults keep the addresses they always had.
    const safeStack = await deploySafeStack({
      ...clients,
      deployer: DEPLOYER,
      call: (method, params) => rpc(rpcUrl, method, params),
    });
    const resolve = (vault: VaultKey | Address): Address => (isVaultKey(vault) ? vaults[vault] : vault);
    return {
      rpcUrl,
      pid: child.pid,
      usdc,
      vaults,
      safeStack,
      env: { ...chainEnv(rpcUrl, usdc, vaults), ...safeStack.env },
      addYield: (vault, amount) => addYield(rpcUrl, resolve(vault), amount),
      depositToVault: (vault, amount, receiver) => depositToVault(rpcUrl, resolve(vault), amount, receiver),
      mintUsdc: (to, amount) => mintUsdc(rpcUrl, usdc, to, amount),
      mine: (blocks) => mineBlocks(rpcUrl, blocks),
      setPaused: (vault, paused) => setVaultPaused(rpcUrl, resolve(vault), paused),
      deploy,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
