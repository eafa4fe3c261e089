import { describe, expect, it } from 'vitest';
import { compileProxyTrust, normalizeAddress, resolveClientAddress } from './client-address.js';

describe('normalizeAddress', () => {
  it('writes IPv4-mapped IPv6 addresses in IPv4 form, in either case', () => {
    expect(normalizeAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeAddress('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('leaves every other address as it is', () => {
    for (const address of ['203.0.113.7', '::1', '::', '2001:db8::1', 'fd12::ffff:1.2.3.4', '::ffff:1.2.3']) {
      expect(normalizeAddress(address)).toBe(address);
    }
  });
});

describe('resolveClientAddress', () => {
  const trustLoopback = compileProxyTrust(['127.0.0.1']);

  it('takes the socket as the client when nothing is forwarded, normalized', () => {
    expect(resolveClientAddress('::ffff:127.0.0.1', undefined, trustLoopback)).toBe('127.0.0.1');
    expect(resolveClientAddress('198.51.100.4', '', trustLoopback)).toBe('198.51.100.4');
  });

  it('believes the forwarded address only from a trusted peer', () => {
    expect(resolveClientAddress('127.0.0.1', '198.51.100.4', trustLoopback)).toBe('198.51.100.4');
    expect(resolveClientAddress('::ffff:127.0.0.1', '::ffff:198.51.100.5', trustLoopback)).toBe('198.51.100.5');
    expect(resolveClientAddress('203.0.113.9', '198.51.100.4', trustLoopback)).toBe('203.0.113.9');
    expect(resolveClientAddress('127.0.0.1', ' , ', trustLoopback)).toBe('127.0.0.1');
  });
});
