import { describe, expect, it } from 'vitest';
import { SAFE_ACCOUNT_ADDRESSES, withPasskeySigner } from './safe-account.js';

describe('a later passkey’s signature', () => {
  const word = (address: string) => address.slice(2).toLowerCase().padStart(64, '0');
  const validity = '0'.repeat(24);
  const rest = `${'0'.repeat(62)}c3${'00'}${'ab'.repeat(40)}`;
  const signed = `0x${validity}${word(SAFE_ACCOUNT_ADDRESSES.webAuthnSharedSigner)}${rest}` as const;
  const own = '0x8888888888888888888888888888888888888888';

  it('names the passkey’s own signer instead of the shared signer, leaving everything else as signed', () => {
    expect(withPasskeySigner(signed, own)).toBe(`0x${validity}${word(own)}${rest}`);
  });

  it('refuses anything but a single signature through the shared signer', () => {
    expect(() => withPasskeySigner(`0x${validity}${word(own)}${rest}`, own)).toThrow(/shared signer/);
  });
});
