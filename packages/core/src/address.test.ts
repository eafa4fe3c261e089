import { describe, expect, it } from 'vitest';
import { parseAddress } from './address.js';
import { addressSchema, walletAddressSchema } from './schemas.js';

const MIXED = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';

describe('parseAddress (the one address rule)', () => {
  it('accepts 0x and 40 hex digits in any case, trimmed, and answers it lower-cased', () => {
    expect(parseAddress(`  ${MIXED} `)).toBe(MIXED.toLowerCase());
    expect(parseAddress(MIXED.toUpperCase().replace('0X', '0x'))).toBe(MIXED.toLowerCase());
  });

  it.each(['', '0x', MIXED.slice(0, -1), `${MIXED}0`, MIXED.replace('0x', '0y'), MIXED.replace('8', 'g')])(
    'refuses %j',
    (input) => {
      expect(parseAddress(input)).toBeNull();
    },
  );
});

describe('address schemas', () => {
  it('speak the message of the place the address is typed', () => {
    expect(walletAddressSchema.safeParse('nope').error?.issues[0]?.message).toBe(
      'Enter a valid wallet address (0x followed by 40 hex characters)',
    );
    expect(addressSchema('must be an address').safeParse(42).error?.issues[0]?.message).toBe('must be an address');
    expect(walletAddressSchema.parse(MIXED)).toBe(MIXED.toLowerCase());
  });
});
