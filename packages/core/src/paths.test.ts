import { describe, expect, it } from 'vitest';
import {
  ALL_PATHS,
  BARE_PATHS,
  fillPath,
  isKnownPath,
  PATH_PARAM_VALUES,
  matchesPath,
  paths,
  PRERENDERED_PATHS,
  SIGNED_IN_FRAME_PATHS,
  PROTECTED_PATHS,
  PUBLIC_SHELL_PATHS,
  safeNextPath,
} from './paths.js';
import { VAULT_IDS } from './vaults.js';

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

  it('knows the three vault pages and no other vault id', () => {
    for (const id of VAULT_IDS) expect(isKnownPath(`/vaults/${id}`)).toBe(true);
    expect(isKnownPath('/vaults/rainy-day-fund')).toBe(false);
    expect(isKnownPath('/vaults/smart-savings/')).toBe(true);
    expect(isKnownPath('/vaults/%E2%80%AE')).toBe(false);
    expect(isKnownPath('/vaults/%E0%A4%A')).toBe(false);
    expect(PATH_PARAM_VALUES[paths.vault]?.id).toEqual(VAULT_IDS);
  });
});

describe('the route table', () => {
  it('puts every path in exactly one group (shell, bare, protected)', () => {
    const grouped = [...PUBLIC_SHELL_PATHS, ...BARE_PATHS, ...PROTECTED_PATHS];
    expect(new Set(grouped).size).toBe(grouped.length);
    expect([...grouped].sort()).toEqual([...Object.values(paths)].sort());
    expect(ALL_PATHS).toEqual(grouped);
  });

  it('prerenders signed-in frames only for protected pages without parameters, never in the sitemap list', () => {
    for (const path of SIGNED_IN_FRAME_PATHS) {
      expect(PROTECTED_PATHS).toContain(path);
      expect(PRERENDERED_PATHS).not.toContain(path);
      expect(path).not.toContain(':');
    }
  });

  it('prerenders only public pages without parameters', () => {
    for (const path of PRERENDERED_PATHS) {
      expect(PROTECTED_PATHS).not.toContain(path);
      expect(path).not.toContain(':');
    }
  });
});

describe('parameterised paths', () => {
  it('match one non-empty segment per parameter', () => {
    expect(matchesPath('/vaults/:id', '/vaults/smart-savings')).toBe(true);
    expect(matchesPath('/vaults/:id', '/vaults/')).toBe(false);
    expect(matchesPath('/vaults/:id', '/vaults')).toBe(false);
    expect(matchesPath('/vaults/:id', '/vaults/a/b')).toBe(false);
    expect(matchesPath('/vaults', '/vaults')).toBe(true);
  });

  it('are filled with encoded values', () => {
    expect(fillPath('/vaults/:id', { id: 'smart savings' })).toBe('/vaults/smart%20savings');
    expect(fillPath('/a/:x/b/:y', { x: '1', y: '2' })).toBe('/a/1/b/2');
  });
});
