import { describe, expect, it } from 'vitest';
import { authEmailSchema, fullNameSchema, listEmailSchema, recordTransferSchema, signUpFormSchema } from './schemas.js';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

describe('email schemas share the one rule, each with its own words', () => {
  it('list forms: a missing or blank email is "Email required"; the address comes back lower-cased', () => {
    expect(firstMessage(listEmailSchema.safeParse(undefined))).toBe('Email required');
    expect(firstMessage(listEmailSchema.safeParse('  '))).toBe('Email required');
    expect(firstMessage(listEmailSchema.safeParse('nope'))).toBe('Please enter a valid email address');
    expect(listEmailSchema.parse(' Ann@Example.COM ')).toBe('ann@example.com');
  });

  it('auth routes: a non-string is the sanitiser\'s "Invalid input type"', () => {
    expect(firstMessage(authEmailSchema.safeParse(42))).toBe('Invalid input type');
    expect(firstMessage(authEmailSchema.safeParse(''))).toBe('Please enter your email address');
    expect(authEmailSchema.parse('<Ada@Keel.test>')).toBe('ada@keel.test');
  });
});

describe('sign-up form', () => {
  const valid = {
    fullName: '  Ada <Lovelace> ',
    email: 'ada@keel.test',
    password: 'abcdefgh',
    confirmPassword: 'abcdefgh',
    agreeToTerms: true,
  };

  it('strips angle brackets from the name and trims it', () => {
    expect(fullNameSchema.parse('  Ada <Lovelace> ')).toBe('Ada Lovelace');
    expect(signUpFormSchema.parse(valid).fullName).toBe('Ada Lovelace');
  });

  it('shows "required" and "invalid" inline but leaves the sanitiser to the submit toast', () => {
    const messages = (email: string) =>
      signUpFormSchema.safeParse({ ...valid, email }).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages('')).toEqual(['Email is required']);
    expect(messages('not-an-email')).toEqual(['Please enter a valid email address']);
    expect(messages('javascript:alert(1)@evil.io')).toEqual([]);
  });

  it('gives the form messages for the password, the confirmation and the terms', () => {
    const result = signUpFormSchema.safeParse({ ...valid, password: 'short', confirmPassword: 'other', agreeToTerms: false });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Password must be at least 8 characters',
      'You must agree to the terms and conditions',
      'Passwords do not match',
    ]);
    const everything = signUpFormSchema.safeParse({
      fullName: '',
      email: '',
      password: 'short',
      confirmPassword: 'other',
      agreeToTerms: true,
    });
    expect(everything.error?.issues.map((issue) => issue.message)).toEqual([
      'Full name is required',
      'Email is required',
      'Password must be at least 8 characters',
      'Passwords do not match',
    ]);
    const mismatch = signUpFormSchema.safeParse({ ...valid, confirmPassword: 'abcdefgX' });
    expect(mismatch.error?.issues.map((issue) => issue.message)).toEqual(['Passwords do not match']);
  });
});

describe('recorded transfer amounts', () => {
  const transfer = {
    txHash: `0x${'ab'.repeat(32)}`,
    kind: 'deposit',
    walletAddress: `0x${'11'.repeat(20)}`,
    vaultAddress: `0x${'22'.repeat(20)}`,
  };
  const maxUint256 = (2n ** 256n - 1n).toString();

  it('takes any whole number of token units up to 2^256 − 1', () => {
    expect(recordTransferSchema.safeParse({ ...transfer, requestedAssets: '1000000' }).success).toBe(true);
    expect(recordTransferSchema.safeParse({ ...transfer, requestedShares: maxUint256 }).success).toBe(true);
  });

  it('refuses an amount no chain call could carry, with a message that says so', () => {
    const tooLarge = (2n ** 256n).toString();
    for (const input of [{ requestedAssets: tooLarge }, { requestedShares: '9'.repeat(78) }]) {
      const result = recordTransferSchema.safeParse({ ...transfer, ...input });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('The amount is larger than any token amount on chain');
    }
  });

  it('still refuses what is not a whole number', () => {
    const result = recordTransferSchema.safeParse({ ...transfer, requestedAssets: '1.5' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Amounts are whole numbers of token units']);
  });
});
