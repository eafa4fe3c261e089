import { api, readJson } from '~/lib/api-client';

/** POST /api/money-in/onramp-session: the Coinbase page for buying USDC into one of the saver's addresses. */
export async function startOnrampSession(address: string): Promise<string> {
  const { url } = await readJson(await api['money-in']['onramp-session'].$post({ json: { address } }));
  return url;
}
