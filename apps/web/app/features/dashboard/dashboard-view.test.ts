import { describe, expect, it } from 'vitest';
import type { PositionsData } from '~/lib/positions';
import { dashboardView, type DashboardReads } from './dashboard-view';
import { NO_HISTORY, POSITION, WALLET } from './testing/dashboard-fixtures';

function answered<T>(data: T) {
  return { data, isPending: false, isLoading: false, isSuccess: true, isError: false };
}
const PENDING = { data: undefined, isPending: true, isLoading: true, isSuccess: false, isError: false };
const FAILED = { data: undefined, isPending: false, isLoading: false, isSuccess: false, isError: true };

const NO_POSITIONS: PositionsData = { wallets: [WALLET], vaults: [], positions: [], readAt: '' };
const WORTH_25 = { ...POSITION, assets: '25000000' };
const NO_RECORDED = {
  isLoading: false,
  isPending: false,
  isFailed: false,
  deposits: [],
  summary: { totalBalance: 0n, totalEarnings: 0n, averageApy: '0.0', count: 0 },
  byVault: [],
};

/** A linked wallet whose every read answered: nothing held, nothing sent. */
const LINKED_EMPTY: DashboardReads = {
  linked: answered({ walletAddress: WALLET }),
  recorded: NO_RECORDED,
  positions: answered(NO_POSITIONS),
  overview: answered(NO_HISTORY),
  transfers: answered([]),
};

describe('dashboardView', () => {
  it('a first run: dashes instead of $0.00, the first-run checklist, and the body shown', () => {
    const view = dashboardView(LINKED_EMPTY);
    expect(view.balance).toMatchObject({ value: '—', isEmpty: true });
    expect(view.isFirstRun).toBe(true);
    expect(view.haveFactsAnswered).toBe(true);
  });

  it('while any read of a linked wallet is still out, neither the body nor a checklist is decided', () => {
    for (const read of ['positions', 'overview', 'transfers'] as const) {
      const view = dashboardView({ ...LINKED_EMPTY, [read]: PENDING });
      expect(view.haveFactsAnswered, read).toBe(false);
      expect(view.isFirstRun, read).toBe(false);
    }
  });

  it('a failed chain read is said, and no checklist is guessed from it', () => {
    const view = dashboardView({ ...LINKED_EMPTY, positions: FAILED });
    expect(view.isReadFailed).toBe(true);
    expect(view.isFirstRun).toBe(false);
    expect(view.haveFactsAnswered).toBe(true);
  });

  it('without a linked wallet the page answers at once and offers the checklist', () => {
    const view = dashboardView({ ...LINKED_EMPTY, linked: answered(null), positions: PENDING, overview: PENDING });
    expect(view.hasLink).toBe(false);
    expect(view.haveFactsAnswered).toBe(true);
    expect(view.isFirstRun).toBe(true);
  });

  it('real money on chain: the balance is its value, read from Base, and the checklist is gone', () => {
    const view = dashboardView({ ...LINKED_EMPTY, positions: answered({ ...NO_POSITIONS, positions: [WORTH_25] }) });
    expect(view.balance).toEqual({
      value: '$25.00',
      note: 'On-chain value of your linked wallet, read from Base',
      parts: [],
      isEmpty: false,
    });
    expect(view.isFirstRun).toBe(false);
  });

  it('money on chain and recorded: one sum, with each part labelled under it', () => {
    const recorded = {
      ...NO_RECORDED,
      summary: { totalBalance: 1_000_000_000n, totalEarnings: 0n, averageApy: '5.0', count: 1 },
    };
    const view = dashboardView({
      ...LINKED_EMPTY,
      recorded,
      positions: answered({ ...NO_POSITIONS, positions: [WORTH_25] }),
    });
    expect(view.balance.value).toBe('$1,025.00');
    expect(view.balance.note).toBe('On-chain value plus your recorded deposits');
    expect(view.balance.parts.map((part) => `${part.label} ${part.value}`)).toEqual([
      'On chain $25.00',
      'Recorded deposits $1,000.00',
    ]);
  });

  it('lists the vaults the server could not verify', () => {
    const vaults: PositionsData['vaults'] = [
      { id: 'everyday-cash', name: 'Everyday Cash', address: '0xa', available: true },
      { id: 'growth-reserve', name: 'Growth Reserve', address: '0xc', available: false },
    ];
    const view = dashboardView({ ...LINKED_EMPTY, positions: answered({ ...NO_POSITIONS, vaults }) });
    expect(view.unavailableVaults.map((vault) => vault.name)).toEqual(['Growth Reserve']);
  });
});
