import { describe, expect, it } from 'vitest';
import { isKnownPath, safeNextPath } from './paths.js';

describe('safeNextPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/vaults?tab=1#x', '/vaults?tab=1#x'],
    ['//evil.com', null],
    ['/\\evil.com', null],
    ['https://evil.com', null],
    ['javascript:alert(1)', null],
    ['', null],
    [null, null],
    ['/%0d%0aSet-Cookie', '/%0d%0aSet-Cookie'],
  ])('%s → %s', (input, expected) => {
    expect(safeNextPath(input)).toBe(expected);
  });
});

describe('isKnownPath', () => {
  it('knows every spec route, with or without a trailing slash', () => {
    expect(isKnownPath('/')).toBe(true);
    expect(isKnownPath('/legal/terms/')).toBe(true);
    expect(isKnownPath('/vault-dashboard')).toBe(true);
    expect(isKnownPath('/nope')).toBe(false);
  });
});
