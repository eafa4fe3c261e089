import { describe, expect, it } from 'vitest';
import { USDC_AMOUNT_MESSAGES } from './money.js';
import {
  MINIMUM_DEPOSIT_UNITS,
  TRANSFER_MESSAGES,
  checkDepositAmount,
  checkWithdrawAmount,
  parseAmountInput,
  plainRevertReason,
} from './transfer-rules.js';

const usdc = (whole: number) => BigInt(whole) * 1_000_000n;
const ENOUGH = { usdcBalance: usdc(1_000), ethBalance: 10n ** 15n, estimatedFeeWei: 10n ** 12n };

describe('parseAmountInput', () => {
  it.each([
    ['25', 25_000_000n],
    [' 25.5 ', 25_500_000n],
    ['0.000001', 1n],
    ['10.123456', 10_123_456n],
    ['00012', 12_000_000n],
  ])('reads %j exactly as %s micro-USDC', (text, units) => {
    expect(parseAmountInput(text)).toEqual({ ok: true, units });
  });

  it.each([
    ['', USDC_AMOUNT_MESSAGES.required],
    ['   ', USDC_AMOUNT_MESSAGES.required],
    ['1.0000001', USDC_AMOUNT_MESSAGES.malformed],
    ['25.1234567', USDC_AMOUNT_MESSAGES.malformed],
    ['0', USDC_AMOUNT_MESSAGES.notPositive],
    ['0.000000', USDC_AMOUNT_MESSAGES.notPositive],
    ['-5', USDC_AMOUNT_MESSAGES.malformed],
    ['1e3', USDC_AMOUNT_MESSAGES.malformed],
    ['1,000', USDC_AMOUNT_MESSAGES.malformed],
    ['$25', USDC_AMOUNT_MESSAGES.malformed],
    ['2 5', USDC_AMOUNT_MESSAGES.malformed],
    ['.', USDC_AMOUNT_MESSAGES.malformed],
    ['NaN', USDC_AMOUNT_MESSAGES.malformed],
    ['Infinity', USDC_AMOUNT_MESSAGES.malformed],
  ])('refuses %j with %j', (text, message) => {
    expect(parseAmountInput(text)).toEqual({ ok: false, message });
  });
});

describe('checkDepositAmount', () => {
  it('passes an amount between the $10 minimum and the balance', () => {
    expect(checkDepositAmount('25', ENOUGH)).toEqual({ ok: true, units: usdc(25) });
    expect(checkDepositAmount('10', ENOUGH)).toEqual({ ok: true, units: MINIMUM_DEPOSIT_UNITS });
    expect(checkDepositAmount('1000', ENOUGH)).toEqual({ ok: true, units: usdc(1_000) });
  });

  it('enforces the displayed minimum of $10, to the last micro-USDC', () => {
    expect(checkDepositAmount('9.999999', ENOUGH)).toEqual({ ok: false, message: 'Minimum deposit is $10' });
  });

  it('refuses more than the wallet holds, by one micro-USDC', () => {
    expect(checkDepositAmount('1000.000001', ENOUGH)).toEqual({ ok: false, message: 'Not enough USDC in this wallet' });
  });

  it('asks for ETH when the wallet has none, or less than the estimated fee', () => {
    const noGas = { ok: false, message: 'You need a little ETH on Base to pay the network fee' };
    expect(checkDepositAmount('25', { ...ENOUGH, ethBalance: 0n })).toEqual(noGas);
    expect(checkDepositAmount('25', { ...ENOUGH, ethBalance: 10n ** 12n - 1n })).toEqual(noGas);
    expect(checkDepositAmount('25', { ...ENOUGH, ethBalance: 1n, estimatedFeeWei: null })).toEqual({ ok: true, units: usdc(25) });
  });

  it('asks for no ETH when Keel pays the network fee, and still checks the USDC', () => {
    const sponsored = { usdcBalance: usdc(30), ethBalance: null, estimatedFeeWei: null };
    expect(checkDepositAmount('25', sponsored)).toEqual({ ok: true, units: usdc(25) });
    expect(checkDepositAmount('31', sponsored)).toMatchObject({ message: TRANSFER_MESSAGES.overBalance });
    expect(checkWithdrawAmount('25', { maxWithdraw: usdc(25), ethBalance: null, estimatedFeeWei: null })).toEqual({
      ok: true,
      units: usdc(25),
    });
  });

  it('reports the first rule that fails: format before minimum before balance before gas', () => {
    const broke = { usdcBalance: 0n, ethBalance: 0n, estimatedFeeWei: null };
    expect(checkDepositAmount('', broke)).toMatchObject({ message: USDC_AMOUNT_MESSAGES.required });
    expect(checkDepositAmount('5.1234567', broke)).toMatchObject({ message: USDC_AMOUNT_MESSAGES.malformed });
    expect(checkDepositAmount('5', broke)).toMatchObject({ message: TRANSFER_MESSAGES.belowMinimum });
    expect(checkDepositAmount('50', broke)).toMatchObject({ message: TRANSFER_MESSAGES.overBalance });
  });
});

describe('checkWithdrawAmount', () => {
  const facts = { maxWithdraw: 25_123_456n, ethBalance: 1n, estimatedFeeWei: null };

  it('allows anything up to maxWithdraw, and no $10 minimum', () => {
    expect(checkWithdrawAmount('25.123456', facts)).toEqual({ ok: true, units: 25_123_456n });
    expect(checkWithdrawAmount('0.01', facts)).toEqual({ ok: true, units: 10_000n });
  });

  it('refuses more than maxWithdraw, and asks for ETH', () => {
    expect(checkWithdrawAmount('25.123457', facts)).toEqual({ ok: false, message: 'More than you can withdraw from this vault' });
    expect(checkWithdrawAmount('1', { ...facts, ethBalance: 0n })).toEqual({
      ok: false,
      message: 'You need a little ETH on Base to pay the network fee',
    });
  });
});

describe('plainRevertReason', () => {
  it("uses the contract's own message, as a sentence", () => {
    expect(plainRevertReason({ errorName: 'Error', message: 'Vault is paused' })).toBe('Vault is paused.');
    expect(plainRevertReason({ errorName: 'Error', message: 'Paused!' })).toBe('Paused!');
  });

  it('puts known custom errors in words and never shows hex', () => {
    expect(plainRevertReason({ errorName: 'ERC20InsufficientAllowance', message: null })).toBe(
      'The vault was not allowed to take this much USDC.',
    );
    expect(plainRevertReason({ errorName: 'ERC4626ExceededMaxRedeem', message: null })).toBe(
      'The vault cannot pay out this much right now.',
    );
    expect(plainRevertReason({ errorName: null, message: '0xfb8f41b2' })).toBe('The vault refused this transaction.');
    expect(plainRevertReason({ errorName: 'SomethingElse', message: null })).toBe('The vault refused this transaction.');
  });
});
