import { describe, expect, it } from 'vitest';
import { initialsOf } from '~/components/account-menu';

describe('initialsOf', () => {
  it('takes the first letters of up to two names, or of the email when there is no name', () => {
    expect(initialsOf({ name: 'Ada Lovelace', email: 'ada@example.com' })).toBe('AL');
    expect(initialsOf({ name: 'ada byron king lovelace', email: 'ada@example.com' })).toBe('AB');
    expect(initialsOf({ name: '  ', email: 'grace@example.com' })).toBe('G');
  });
});
