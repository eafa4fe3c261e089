import { describe, expect, it } from 'vitest';
import { VAULT_ADDRESS, figuresData } from './vault-figures-fixtures';
import { liveFiguresState, positionState, sharePriceChart, vaultAvailability } from './vault-page-state';

const settled = { isUnavailable: false, isPending: false, error: null };

describe('vault page state', () => {
  it('calls a vault unavailable when either answer says so, and finds its address in either', () => {
    const statuses = [{ id: 'smart-savings' as const, available: false, address: VAULT_ADDRESS }];
    expect(vaultAvailability('smart-savings', statuses, undefined)).toEqual({ isUnavailable: true, address: VAULT_ADDRESS });
    const unverified = figuresData({ vault: { ...figuresData().vault, available: false } });
    expect(vaultAvailability('smart-savings', undefined, unverified).isUnavailable).toBe(true);
    expect(vaultAvailability('smart-savings', undefined, undefined)).toEqual({ isUnavailable: false, address: null });
  });

  it('shows no figures at all for an unverified vault, even ones it already has', () => {
    expect(liveFiguresState({ ...settled, isUnavailable: true, data: figuresData() })).toEqual({ kind: 'unavailable' });
    expect(sharePriceChart(true, figuresData())).toBeNull();
  });

  it('reads, then fails with the server’s reason', () => {
    expect(liveFiguresState({ ...settled, isPending: true, data: undefined })).toEqual({ kind: 'loading' });
    expect(liveFiguresState({ ...settled, error: new Error('Too many requests.'), data: undefined })).toEqual({
      kind: 'error',
      message: 'Too many requests.',
    });
  });

  it('says why there are no figures: still indexing, or Base cannot be read', () => {
    const indexing = liveFiguresState({ ...settled, data: figuresData({ figures: null, indexing: true }) });
    expect(indexing).toMatchObject({ kind: 'no-figures', message: expect.stringContaining('still reading') });
    const unreadable = liveFiguresState({ ...settled, data: figuresData({ figures: null }) });
    expect(unreadable).toMatchObject({ message: 'This vault’s figures cannot be read from Base right now.' });
    expect(sharePriceChart(false, figuresData({ figures: null }))).toBeNull();
  });

  it('formats the four live figures, with a dash and the reason for an APY without history', () => {
    const live = liveFiguresState({ ...settled, data: figuresData({ stale: true }) });
    if (live.kind !== 'figures') throw new Error(`expected figures, got ${live.kind}`);
    expect(live).toMatchObject({ blockNumber: 1234567, stale: true });
    expect(live.figures.map((figure) => [figure.testId, figure.value])).toEqual([
      ['vault-total-assets', '$1,234,567.89'],
      ['vault-share-price', '1.0123 USDC'],
      ['vault-apy-7d', '8.12%'],
      ['vault-apy-30d', null],
    ]);
    expect(live.figures[2]?.note).toMatch(/^Realised from the share price since .+, annualised$/);
    expect(live.figures[3]?.note).toBe('Realised over 30 days: needs a day of share-price history');
    expect(sharePriceChart(false, figuresData())).toHaveLength(2);
  });

  it('walks the saver’s position from loading to what the linked wallet holds', () => {
    const base = {
      vaultId: 'smart-savings' as const,
      isWalletLoading: false,
      hasWallet: true,
      isPositionsLoading: false,
      isPositionsError: false,
      positions: [] as { vaultId: 'smart-savings'; assets: string; shares: string; shareDecimals: number }[],
    };
    expect(positionState({ ...base, isWalletLoading: true })).toMatchObject({ kind: 'loading' });
    expect(positionState({ ...base, hasWallet: false })).toMatchObject({ kind: 'no-wallet' });
    expect(positionState({ ...base, isPositionsError: true })).toMatchObject({ kind: 'error', isOnChain: false });
    expect(positionState(base)).toEqual({ kind: 'empty', isOnChain: false });
    const held = [{ vaultId: 'smart-savings' as const, assets: '40000000', shares: '39512345', shareDecimals: 6 }];
    expect(positionState({ ...base, positions: held })).toEqual({
      kind: 'held',
      isOnChain: true,
      value: '$40.00',
      shares: '39.512345',
    });
  });
});
