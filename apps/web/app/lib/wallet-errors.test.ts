import { describe, expect, it } from 'vitest';
import { isUserRejection, readableError } from './wallet-errors';

describe('isUserRejection', () => {
  it('finds code 4001 or UserRejectedRequestError anywhere in the cause chain', () => {
    expect(isUserRejection(Object.assign(new Error('User rejected the request.'), { code: 4001 }))).toBe(true);
    const wrapped = new Error('ContractFunctionExecutionError', {
      cause: new Error('TransactionExecutionError', {
        cause: Object.assign(new Error('x'), { name: 'UserRejectedRequestError' }),
      }),
    });
    expect(isUserRejection(wrapped)).toBe(true);
  });

  it('is false for other failures', () => {
    expect(isUserRejection(new Error('insufficient funds'))).toBe(false);
    expect(isUserRejection(Object.assign(new Error('internal'), { code: -32603 }))).toBe(false);
    expect(isUserRejection(null)).toBe(false);
  });
});

describe('readableError', () => {
  it('prefers the short message', () => {
    expect(readableError(Object.assign(new Error('long\ndetails'), { shortMessage: 'Short.' }))).toBe('Short.');
    expect(readableError(new Error('plain'))).toBe('plain');
  });
});
