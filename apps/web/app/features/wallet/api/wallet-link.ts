import type { Hex } from 'viem';
import { api, readJson } from '~/lib/api-client';

/** POST /api/wallet/link-message: an EIP-4361 message, with a fresh single-use nonce, for this address to sign. */
export async function requestLinkMessage(walletAddress: string): Promise<string> {
  return (await readJson(await api.wallet['link-message'].$post({ json: { walletAddress } }))).message;
}

/** PUT /api/wallet: the signed message; the server verifies it and links the wallet to the account. */
export async function submitLink(message: string, signature: Hex) {
  return (await readJson(await api.wallet.$put({ json: { message, signature } }))).wallet;
}
