import { api, readJson } from '~/lib/api-client';

/** PUT /api/wallet: remembers the connected wallet for the signed-in user. */
export async function saveWallet(input: { walletAddress: string; chainId: number | undefined }) {
  const json = input.chainId === undefined ? { walletAddress: input.walletAddress } : input;
  return readJson(await api.wallet.$put({ json }));
}
