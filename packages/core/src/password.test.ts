import { describe, expect, it } from 'vitest';
import { checkNewPassword, checkResetPassword, isStrongPassword, scorePassword, strengthLabel } from './password.js';

describe('password strength', () => {
  it.each([
    ['', 0, 'Very Weak'],
    ['abc', 1, 'Very Weak'],
    ['abcdefgh', 2, 'Weak'],
    ['abcdefgH', 3, 'Fair'],
    ['abcdefH1', 4, 'Good'],
    ['abcdeH1!', 5, 'Strong'],
  ])('%s scores %i (%s)', (password, score, label) => {
    expect(scorePassword(password)).toBe(score);
    expect(strengthLabel(score)).toBe(label);
  });

  it.each([
    ['abcdefgh', false],
    ['abcdefgH', true],
    ['abcdef1!', true],
    ['Ab1!', false],
    ['ABCDEFG1', true],
  ])('reset rule: %s strong=%s', (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
  });
});

describe('password rules with their messages', () => {
  it('new account: required, at least 8, at most 128', () => {
    expect(checkNewPassword('')).toBe('Password is required');
    expect(checkNewPassword('short')).toBe('Password must be at least 8 characters');
    expect(checkNewPassword('x'.repeat(129))).toBe('Password must be at most 128 characters');
    expect(checkNewPassword('abcdefgh')).toBeNull();
  });

  it('reset: the strength rule, then the cap', () => {
    expect(checkResetPassword('abcdefgh')).toMatch(/^Password must be at least 8 characters and contain at least 3 of/);
    expect(checkResetPassword(`Aa1${'x'.repeat(126)}`)).toBe('Password must be at most 128 characters');
    expect(checkResetPassword('abcdefgH')).toBeNull();
  });
});
