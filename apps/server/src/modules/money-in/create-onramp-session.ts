import type { Address } from 'viem';
import type { Config } from '../../config.js';
import { parseCdpKeySecret, signCdpJwt } from './sign-cdp-jwt.js';

export class OnrampFailure extends Error {}

/**
 * Asks Coinbase Onramp for a single-use session token for one of the saver's addresses, with Base and USDC
 * preset, and answers the provider's page to open with it. The API key never leaves the server; the token
 * expires after a few minutes and is used once.
 */
export async function createOnrampSession(options: {
  onramp: NonNullable<Config['onramp']>;
  address: Address;
  clientIp: string;
  nowSeconds: number;
  fetch?: typeof fetch;
}): Promise<{ url: string }> {
  const { onramp } = options;
  const tokenUrl = new URL(`${onramp.apiUrl}/v1/token`);
  const jwt = signCdpJwt({
    keyId: onramp.keyId,
    key: parseCdpKeySecret(onramp.keySecret),
    method: 'POST',
    url: tokenUrl,
    nowSeconds: options.nowSeconds,
  });
  const body = {
    addresses: [{ address: options.address, blockchains: ['base'] }],
    assets: ['USDC'],
    clientIp: options.clientIp,
  };
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(tokenUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new OnrampFailure(`the onramp API did not answer: ${error instanceof Error ? error.name : 'unknown error'}`);
  }
  if (!response.ok) throw new OnrampFailure(`the onramp API answered ${response.status}`);
  const answer: unknown = await response.json().catch(() => null);
  const token =
    typeof answer === 'object' && answer !== null && 'token' in answer && typeof answer.token === 'string' ? answer.token : null;
  if (!token) throw new OnrampFailure('the onramp API answered without a session token');
  const page = new URL(onramp.payUrl);
  page.searchParams.set('sessionToken', token);
  page.searchParams.set('defaultNetwork', 'base');
  page.searchParams.set('defaultAsset', 'USDC');
  return { url: page.toString() };
}
