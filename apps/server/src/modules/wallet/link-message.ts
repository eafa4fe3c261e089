import type { Config } from '../../config.js';

/** What the user reads in their wallet before signing: what linking does, and that it costs nothing. */
export const LINK_STATEMENT =
  'Link this wallet to your Keel account so Keel can show its balances in the Keel vaults. Signing sends no transaction and costs nothing.';

/** The EIP-4361 fields Keel fixes: domain = the host of APP_URL, URI = APP_URL, the configured chain. */
export function linkMessageScope(config: Pick<Config, 'appUrl' | 'chainId'>) {
  const url = new URL(config.appUrl);
  return { domain: url.host, uri: config.appUrl, scheme: url.protocol.replace(/:$/, ''), chainId: config.chainId };
}
