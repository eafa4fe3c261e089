import { describe, expect, it } from 'vitest';
import { parseSendAddress, SEND_ADDRESS_MESSAGES } from './send-address';

const OWN = '0x1234567890abcdef1234567890abcdef12345678';
const FRIEND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('parseSendAddress', () => {
  it('accepts a checksummed or all-lower-case address and answers it checksummed', () => {
    expect(parseSendAddress(` ${FRIEND} `, OWN)).toEqual({ ok: true, address: FRIEND });
    expect(parseSendAddress(FRIEND.toLowerCase(), OWN)).toEqual({ ok: true, address: FRIEND });
  });

  it('catches a typo through the capital letters', () => {
    const typo = FRIEND.replace('C51812', 'c51812');
    expect(parseSendAddress(typo, OWN)).toEqual({ ok: false, message: SEND_ADDRESS_MESSAGES.checksum });
  });

  it('refuses a cut-off paste, an empty field and the account’s own address', () => {
    expect(parseSendAddress(FRIEND.slice(0, 30), OWN)).toEqual({ ok: false, message: SEND_ADDRESS_MESSAGES.malformed });
    expect(parseSendAddress('  ', OWN)).toEqual({ ok: false, message: SEND_ADDRESS_MESSAGES.required });
    expect(parseSendAddress(OWN, OWN)).toEqual({ ok: false, message: SEND_ADDRESS_MESSAGES.self });
  });
});
