import { parseAddress, type Address } from '@keel/core/address';
import { erc20Abi, parseUnits, type Hash } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_MISSING, chainClients, startLocalChain, type LocalChain } from '../../../../contracts/local-chain.js';

// As e2e's global-setup: in CI on linux-x64, where the anvil package installs, a missing chain is a broken install,
// and the chain tests that skip without it (describe.skipIf(ANVIL_MISSING …)) must fail instead.
if (ANVIL_MISSING && process.env.CI && process.platform === 'linux' && process.arch === 'x64') {
  throw new Error(`anvil must be present in CI on linux-x64: ${ANVIL_MISSING}`);
}

export type TestChain = LocalChain;

/**
 * A fresh anvil with mock USDC and the three vaults deployed and seeded
 * (contracts/local-chain.ts), a Multicall3 at its canonical address, and the
 * Safe / 4337 / passkey contracts at Base's addresses with a funded paymaster
 * (contracts/safe-stack.ts; add a bundler with contracts/bundler.ts). Pass
 * chain.env to createTestApp({ env }) so the server reads it; call chain.stop()
 * in afterAll.
 */
export function startTestChain(): Promise<TestChain> {
  return startLocalChain();
}

export {
  ANVIL_CHAIN_ID,
  ANVIL_MISSING,
  DEPLOYER,
  DEV_ACCOUNTS,
  SEED_DEPOSITS,
  VAULT_SPECS,
  chainClients,
  rpc,
} from '../../../../contracts/local-chain.js';

/** anvil's dev account 0 (the deployer and seed depositor): its public, test-only key. */
export const DEPLOYER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

/** Private keys of anvil's default dev accounts 1-3 (public, test-only): wallets that sign in the tests. */
export const DEV_KEYS = [
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
] as const;

/** The lower-cased address of a test key, as Keel stores addresses. */
export function addressOfKey(privateKey: `0x${string}`): Address {
  const address = parseAddress(privateKeyToAccount(privateKey).address);
  if (!address) throw new Error('privateKeyToAccount gave no address');
  return address;
}

/** An ordinary USDC transfer (a decimal amount) signed by one of anvil's unlocked accounts, confirmed. */
export async function sendUsdc(chain: TestChain, from: Address, to: Address, amount: string): Promise<Hash> {
  const { walletClient, publicClient } = chainClients(chain.rpcUrl, from);
  const hash = await walletClient.writeContract({
    chain: null,
    account: from,
    address: chain.usdc,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, parseUnits(amount, 6)],
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success') throw new Error(`USDC transfer ${hash} reverted`);
  return hash;
}
