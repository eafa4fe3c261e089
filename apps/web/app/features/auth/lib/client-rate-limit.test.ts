import { beforeEach, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@keel/core/constants';
import { clearClientAttempts, takeClientAttempt } from './client-rate-limit';

describe('client-side auth limits', () => {
  beforeEach(() => window.localStorage.clear());

  it('allows 5 sign-in attempts per email in 15 minutes', () => {
    for (let i = 0; i < 5; i++) expect(takeClientAttempt('signIn', 'a@keel.test', 1_000 + i)).toBe(true);
    expect(takeClientAttempt('signIn', 'a@keel.test', 2_000)).toBe(false);
    expect(takeClientAttempt('signIn', 'b@keel.test', 2_000)).toBe(true);
    expect(takeClientAttempt('signIn', 'a@keel.test', 1_004 + RATE_LIMITS.signIn.windowMs)).toBe(true);
  });

  it('keeps each action separate and clears one email on success', () => {
    for (let i = 0; i < 3; i++) takeClientAttempt('signUp', 'c@keel.test', 10 + i);
    expect(takeClientAttempt('signUp', 'c@keel.test', 20)).toBe(false);
    expect(takeClientAttempt('passwordReset', 'c@keel.test', 20)).toBe(true);
    clearClientAttempts('signUp', 'c@keel.test');
    expect(takeClientAttempt('signUp', 'c@keel.test', 21)).toBe(true);
    expect(JSON.parse(window.localStorage.getItem('keel.authAttempts') ?? '{}')).toHaveProperty(['passwordReset:c@keel.test']);
  });

  it('survives garbage in storage', () => {
    window.localStorage.setItem('keel.authAttempts', '{not json');
    expect(takeClientAttempt('signIn', 'd@keel.test')).toBe(true);
  });
});
