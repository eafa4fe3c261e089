import { describe, expect, it } from 'vitest';
import { AUTH_EMAIL_COPY } from './auth-messages.js';
import { isEmailLike, parseEmail, sanitizeEmailInput } from './email.js';

describe('sanitizeEmailInput', () => {
  it.each([
    [undefined, 'Invalid input type'],
    [42, 'Invalid input type'],
    ['', 'Invalid input type'],
    [`${'a'.repeat(250)}@b.co`, 'Input exceeds maximum length of 254 characters'],
    ['<script>alert(1)</script>@x.com', 'Input contains potentially malicious content'],
    ['javascript:alert(1)@x.com', 'Input contains potentially malicious content'],
    ['data:text/html,hi@x.com', 'Input contains potentially malicious content'],
    ['vbscript:msgbox@x.com', 'Input contains potentially malicious content'],
    ['a onerror=alert(1)@x.com', 'Input contains potentially malicious content'],
  ])('rejects %s with "%s"', (input, message) => {
    expect(sanitizeEmailInput(input)).toEqual({ ok: false, message });
  });

  it('strips angle brackets and trims', () => {
    expect(sanitizeEmailInput('  <ann@example.com>  ')).toEqual({ ok: true, value: 'ann@example.com' });
  });

  it('accepts exactly 254 characters', () => {
    const email = `${'a'.repeat(248)}@b.com`;
    expect(email).toHaveLength(254);
    expect(sanitizeEmailInput(email).ok).toBe(true);
  });
});

describe('isEmailLike', () => {
  it.each([
    ['ann@example.com', true],
    ['ann@example', false],
    ['ann example@x.com', false],
    ['@x.com', false],
  ])('%s → %s', (value, expected) => {
    expect(isEmailLike(value)).toBe(expected);
  });
});

describe('parseEmail (the one email rule)', () => {
  const copy = { required: 'need it', invalid: 'bad shape' };

  it('says "required" for an empty or blank field, in the caller\'s words', () => {
    expect(parseEmail('', copy)).toEqual({ ok: false, problem: 'required', message: 'need it' });
    expect(parseEmail('   ', copy)).toEqual({ ok: false, problem: 'required', message: 'need it' });
    expect(parseEmail('<>', copy)).toEqual({ ok: false, problem: 'required', message: 'need it' });
  });

  it('runs the sanitiser before the pattern, with its own messages', () => {
    expect(parseEmail(42, copy)).toEqual({ ok: false, problem: 'unsafe', message: 'Invalid input type' });
    expect(parseEmail('a onerror=x@b.co', copy)).toEqual({
      ok: false,
      problem: 'unsafe',
      message: 'Input contains potentially malicious content',
    });
    expect(parseEmail('onload=x@evil.io', AUTH_EMAIL_COPY)).toMatchObject({
      message: 'Input contains potentially malicious content',
    });
  });

  it('says "invalid" when the simple pattern does not match', () => {
    expect(parseEmail('a@b', copy)).toEqual({ ok: false, problem: 'invalid', message: 'bad shape' });
    expect(parseEmail('a@b', AUTH_EMAIL_COPY)).toMatchObject({ message: 'Please enter a valid email address' });
  });

  it('returns the address trimmed, stripped of angle brackets and lower-cased', () => {
    expect(parseEmail('  <Ada@Keel.TEST> ', copy)).toEqual({ ok: true, email: 'ada@keel.test' });
  });
});
