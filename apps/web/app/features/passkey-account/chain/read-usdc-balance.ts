import type { Address } from '@keel/core/address';

/** The account's own USDC (not yet in a vault), read from Base through the public RPC. viem loads with the read. */
export async function readUsdcBalance(request: { rpcUrl: string; usdc: Address; account: Address }): Promise<bigint> {
  const [{ createPublicClient, erc20Abi, http }] = await Promise.all([import('viem')]);
  const client = createPublicClient({ transport: http(request.rpcUrl) });
  return client.readContract({ address: request.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [request.account] });
}
