import { describe, expect, it } from 'vitest';
import { isEmailLike, normalizeEmail, sanitizeEmailInput } from './email.js';

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

describe('isEmailLike and normalizeEmail', () => {
  it.each([
    ['ann@example.com', true],
    ['ann@example', false],
    ['ann example@x.com', false],
    ['@x.com', false],
  ])('%s → %s', (value, expected) => {
    expect(isEmailLike(value)).toBe(expected);
  });

  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Ann@Example.COM ')).toBe('ann@example.com');
  });
});
