import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '~/lib/api-client';
import { historyOverviewQueryOptions, type HistoryOverviewData } from '~/lib/history-overview';
import { createQueryClient } from '~/lib/query-client';
import { HISTORY_QUERY_KEY } from '~/lib/query-keys';
import { RealisedApyNote } from './realised-apy-note';

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
    { id: 'smart-savings', name: 'Smart Savings', value: '0', earned: '0', realisedApy30d: null, apySince: null },
  ],
};

function renderWithClient(node: React.ReactNode, client = createQueryClient()) {
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

describe('RealisedApyNote', () => {
  beforeEach(() => {
    getOverview.mockReset();
    getOverview.mockResolvedValue({ ok: true, status: 200, json: async () => OVERVIEW });
  });

  it('labels a vault card’s realised APY next to the target', async () => {
    renderWithClient(<RealisedApyNote vaultId="everyday-cash" />);
    expect(await screen.findByTestId('realised-apy-everyday-cash')).toHaveTextContent(
      'Realised APY, last 30 days: 5.12% (target above, not a promise)',
    );
  });

  it('shows nothing for a vault without a day of history', async () => {
    renderWithClient(
      <>
        <RealisedApyNote vaultId="everyday-cash" />
        <RealisedApyNote vaultId="smart-savings" />
      </>,
    );
    await screen.findByTestId('realised-apy-everyday-cash');
    expect(screen.queryByTestId('realised-apy-smart-savings')).not.toBeInTheDocument();
  });

  it('reads the overview the page already has instead of asking again when it appears', async () => {
    const client = createQueryClient();
    // The dashboard's own read (staleTime 0: stale at once), then the cards appear.
    await client.fetchQuery(historyOverviewQueryOptions());
    expect(getOverview).toHaveBeenCalledTimes(1);
    renderWithClient(
      <>
        <RealisedApyNote vaultId="everyday-cash" />
        <RealisedApyNote vaultId="smart-savings" />
      </>,
      client,
    );
    expect(await screen.findByTestId('realised-apy-everyday-cash')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getOverview).toHaveBeenCalledTimes(1);

    // A confirmed transfer invalidates the history: the note shows the new figure.
    getOverview.mockResolvedValue({
      ok: true,
      status: 200,
      json: async () => ({
        ...OVERVIEW,
        vaults: [{ ...OVERVIEW.vaults[0], realisedApy30d: '61000000000000000' }, OVERVIEW.vaults[1]],
      }),
    });
    await client.invalidateQueries({ queryKey: HISTORY_QUERY_KEY });
    expect(await screen.findByText(/Realised APY, last 30 days: 6\.10%/)).toBeInTheDocument();
    expect(getOverview).toHaveBeenCalledTimes(2);
  });
});
