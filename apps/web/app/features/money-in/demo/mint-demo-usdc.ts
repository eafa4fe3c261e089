import type { Address } from '@keel/core/address';
import { RECEIPT_POLLING_MS } from '@keel/core/constants';

/** The demo chain's mock USDC lets anyone mint; Base's real USDC has no such function, so this works only there. */
const MOCK_USDC_MINT_ABI = [
  {
    type: 'function',
    name: 'mint',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [],
  },
] as const;

/** 1,000 USDC in micro-USDC: what one press of the demo's button gives. */
export const DEMO_USDC_MICRO = 1_000_000_000n;

/**
 * Mints demo USDC to an address on the demo's local chain, paid for (gas) by the demo wallet's key, which only
 * `npm run demo`'s own build carries. Simulated first, then confirmed from its receipt. viem loads with the call.
 */
export async function mintDemoUsdc(request: {
  rpcUrl: string;
  usdc: Address;
  to: Address;
  privateKey: `0x${string}`;
}): Promise<`0x${string}`> {
  const [{ createPublicClient, createWalletClient, http }, { privateKeyToAccount }] = await Promise.all([
    import('viem'),
    import('viem/accounts'),
  ]);
  const account = privateKeyToAccount(request.privateKey);
  const transport = http(request.rpcUrl);
  const publicClient = createPublicClient({ transport });
  const { request: mint } = await publicClient.simulateContract({
    account,
    address: request.usdc,
    abi: MOCK_USDC_MINT_ABI,
    functionName: 'mint',
    args: [request.to, DEMO_USDC_MICRO],
  });
  const hash = await createWalletClient({ account, transport }).writeContract({ ...mint, chain: null });
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: RECEIPT_POLLING_MS });
  if (receipt.status !== 'success') throw new Error('The demo chain refused the demo USDC.');
  return hash;
}
