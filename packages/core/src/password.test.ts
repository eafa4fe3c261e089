import { describe, expect, it } from 'vitest';
import { isStrongPassword, scorePassword, strengthLabel } from './password.js';

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
