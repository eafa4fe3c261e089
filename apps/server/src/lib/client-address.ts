import { isIP } from 'node:net';
import proxyAddr from 'proxy-addr';

export type ProxyTrust = (address: string, hop: number) => boolean;

/** Compiles TRUSTED_PROXIES (addresses, CIDR ranges, or proxy-addr's named ranges); config has already validated it. */
export function compileProxyTrust(entries: string[]): ProxyTrust {
  return proxyAddr.compile(entries);
}

/** '::ffff:203.0.113.7' and '203.0.113.7' are one client; keys and audit rows use the IPv4 form. */
export function normalizeAddress(address: string): string {
  if (!address.startsWith('::')) return address;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address;
}

/**
 * The client behind a chain of proxies, as proxy-addr decides it: walk from the
 * socket towards the client through X-Forwarded-For (right to left) while each
 * hop is trusted; the first untrusted address is the client. A malformed entry
 * stops the walk at the last hop that reported it.
 */
export function resolveClientAddress(socketAddress: string, forwardedFor: string | undefined, trust: ProxyTrust): string {
  // Nothing forwarded (most requests): the socket is the client, and there is no chain to build.
  if (!forwardedFor) return normalizeAddress(socketAddress);
  const chain = [
    socketAddress,
    ...forwardedFor
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .reverse(),
  ];
  let client = socketAddress;
  for (let hop = 0; hop < chain.length - 1; hop++) {
    if (!trust(client, hop)) break;
    const next = chain[hop + 1] ?? client;
    if (isIP(next) === 0) break;
    client = next;
  }
  return normalizeAddress(client);
}
