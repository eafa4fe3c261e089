import { describe, expect, it } from 'vitest';
import { passkeyCalls } from './passkey-calls';

const USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const VAULT = '0x616a4e1db48e22028f6bbf20444cd3b8e3273738';
const ACCOUNT = '0x1234567890abcdef1234567890abcdef12345678';
const FRIEND = '0x00000000000000000000000000000000000000f1';

// 25 USDC in its smallest units (6 decimals) = 0x17d7840.
const TWENTY_FIVE = 25_000_000n;
const word = (hex: string) => hex.replace(/^0x/, '').padStart(64, '0');

describe('passkey operation calls', () => {
  it('deposit: approves the vault for exactly the amount, then deposits it for the account itself', () => {
    expect(passkeyCalls.deposit({ usdc: USDC, vault: VAULT, assets: TWENTY_FIVE, account: ACCOUNT })).toEqual([
      { to: USDC, data: `0x095ea7b3${word(VAULT)}${word('17d7840')}` },
      { to: VAULT, data: `0x6e553f65${word('17d7840')}${word(ACCOUNT)}` },
    ]);
  });

  it('Max withdraw: redeems every share, paid to the account and taken from it', () => {
    expect(passkeyCalls.redeemAll({ vault: VAULT, shares: 123n, account: ACCOUNT })).toEqual([
      { to: VAULT, data: `0xba087652${word('7b')}${word(ACCOUNT)}${word(ACCOUNT)}` },
    ]);
  });

  it('withdraw: takes the amount from the account and pays it to the account', () => {
    expect(passkeyCalls.withdraw({ vault: VAULT, assets: TWENTY_FIVE, account: ACCOUNT })).toEqual([
      { to: VAULT, data: `0xb460af94${word('17d7840')}${word(ACCOUNT)}${word(ACCOUNT)}` },
    ]);
  });

  it('send: transfers USDC to the typed address', () => {
    expect(passkeyCalls.send({ usdc: USDC, to: FRIEND, amount: TWENTY_FIVE })).toEqual([
      { to: USDC, data: `0xa9059cbb${word(FRIEND)}${word('17d7840')}` },
    ]);
  });
});
