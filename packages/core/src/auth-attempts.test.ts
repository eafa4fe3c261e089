import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from './constants.js';
import { takeAttempt } from './auth-attempts.js';

describe('takeAttempt', () => {
  it('allows five sign-in attempts in 15 minutes and refuses the sixth', () => {
    let attempts: number[] = [];
    for (let i = 0; i < 5; i++) {
      const decision = takeAttempt(attempts, 1_000 + i, RATE_LIMITS.signIn);
      expect(decision.allowed).toBe(true);
      attempts = decision.attempts;
    }
    const sixth = takeAttempt(attempts, 2_000, RATE_LIMITS.signIn);
    expect(sixth.allowed).toBe(false);
    expect(sixth.attempts).toHaveLength(5);
  });

  it('forgets attempts once the window has passed', () => {
    const old = [0, 1, 2];
    expect(takeAttempt(old, 10, RATE_LIMITS.signUp).allowed).toBe(false);
    const later = takeAttempt(old, RATE_LIMITS.signUp.windowMs + 3, RATE_LIMITS.signUp);
    expect(later).toEqual({ allowed: true, attempts: [RATE_LIMITS.signUp.windowMs + 3] });
  });

  it('ignores garbage and future timestamps from storage', () => {
    expect(takeAttempt([Number.NaN, 9e15], 100, { max: 1, windowMs: 1000 }).allowed).toBe(true);
  });
});
