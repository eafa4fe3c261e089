import { describe, expect, it } from 'vitest';
import { arrivalPhrase, formatDollars, parseTransferAmount } from './transfer-amount';

describe('parseTransferAmount', () => {
  it('reads a typed amount as exact micro-USDC', () => {
    expect(parseTransferAmount('25')).toBe(25_000_000n);
    expect(parseTransferAmount(' 0.1 ')).toBe(100_000n);
    expect(parseTransferAmount('1234.567891')).toBe(1_234_567_891n);
  });

  it('counts empty, zero and malformed input as "no amount" (the Missing Information toast)', () => {
    for (const input of ['', '  ', '0', '0.00', 'abc', '-1', '1.2.3', '1.0000001', '$5']) {
      expect(parseTransferAmount(input)).toBeNull();
    }
  });
});

describe('formatDollars', () => {
  it('formats sample figures like the money math, to the cent', () => {
    expect(formatDollars(5240.5)).toBe('$5,240.50');
    expect(formatDollars(0.05)).toBe('$0.05');
    expect(formatDollars(10)).toBe('$10.00');
  });
});

describe('arrivalPhrase', () => {
  it('says "instantly" for an instant vault and "in …" otherwise', () => {
    expect(arrivalPhrase('Instant')).toBe('instantly');
    expect(arrivalPhrase('1-2 hours')).toBe('in 1-2 hours');
  });
});
