import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '~/lib/api-client';
import type { HistoryOverviewData } from '~/lib/history-overview';
import { createQueryClient } from '~/lib/query-client';
import { OnChainEarnings, RealisedApyNote } from './on-chain-earnings';

const getOverview = vi.hoisted(() => vi.fn());
vi.mock('~/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  api: { history: { overview: { $get: getOverview } } },
}));

const OVERVIEW: HistoryOverviewData = {
  asOf: '2026-09-10T12:00:00.000Z',
  indexing: false,
  stale: false,
  walletCount: 1,
  hasHistory: true,
  earnedAllTime: '-1250000',
  currentValue: '998750000',
  netContributed: '1000000000',
  realisedApy30d: '62560705795842060',
  vaults: [
    {
      id: 'everyday-cash',
      name: 'Everyday Cash',
      value: '998750000',
      earned: '-1250000',
      realisedApy30d: '51234000000000000',
      apySince: null,
    },
  ],
};

function renderWithClient(node: React.ReactNode) {
  render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);
}

describe('OnChainEarnings', () => {
  beforeEach(() => getOverview.mockReset());

  it('shows earned since the first deposit with its sign, and the realised 30-day APY, each labelled', async () => {
    getOverview.mockResolvedValue({ ok: true, status: 200, json: async () => OVERVIEW });
    renderWithClient(<OnChainEarnings />);
    expect(await screen.findByTestId('stat-on-chain-earnings')).toHaveTextContent('-$1.25');
    expect(screen.getByTestId('stat-on-chain-earnings')).toHaveClass('text-destructive');
    expect(screen.getByText('Earned since first deposit')).toBeInTheDocument();
    expect(screen.getByTestId('stat-on-chain-apy')).toHaveTextContent('6.26%');
    expect(screen.getByText('Realised APY, last 30 days')).toBeInTheDocument();
  });

  it('shows nothing without a linked wallet with history', async () => {
    getOverview.mockResolvedValue({
      ok: true,
      status: 200,
      json: async () => ({ ...OVERVIEW, walletCount: 0, hasHistory: false }),
    });
    renderWithClient(<OnChainEarnings />);
    await vi.waitFor(() => expect(getOverview).toHaveBeenCalled());
    expect(screen.queryByTestId('stat-on-chain-earnings')).not.toBeInTheDocument();
  });

  it('labels a vault card’s realised APY next to the target', async () => {
    getOverview.mockResolvedValue({ ok: true, status: 200, json: async () => OVERVIEW });
    renderWithClient(<RealisedApyNote vaultId="everyday-cash" />);
    expect(await screen.findByTestId('realised-apy-everyday-cash')).toHaveTextContent(
      'Realised APY, last 30 days: 5.12% (target above, not a promise)',
    );
  });
});
