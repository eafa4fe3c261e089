import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '~/lib/api-client';
import { createQueryClient } from '~/lib/query-client';
import { DEPOSIT_TX, EXPLORER, activityEntry, historyData } from '../history-fixtures';
import { PerformanceView } from './performance-view';

const getHistory = vi.hoisted(() => vi.fn());
const getConfig = vi.hoisted(() => vi.fn());
// The monthly statements section has tests of its own; here it has none to show.
const listStatements = vi.hoisted(() =>
  vi.fn(async () => ({ ok: true, status: 200, json: async () => ({ timeZone: 'UTC', months: [] }) })),
);
vi.mock('~/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  api: { history: { $get: getHistory }, config: { $get: getConfig }, statements: { $get: listStatements } },
}));
// recharts needs a real layout; the drawn chart is covered by the Playwright spec.
vi.mock('./performance-charts', () => ({
  default: ({ view }: { view: string }) => <div data-testid="chart-drawn">{view}</div>,
}));

const ok = (body: unknown) => ({ ok: true, status: 200, json: async () => body });
const failed = (status: number, message: string) => ({
  ok: false,
  status,
  json: async () => ({ error: { code: 'CHAIN_UNAVAILABLE', message } }),
});

function renderView() {
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <PerformanceView />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('PerformanceView', () => {
  beforeEach(() => {
    getHistory.mockReset();
    getConfig.mockReset();
    getConfig.mockResolvedValue(ok({ explorerUrl: EXPLORER }));
  });

  it('shows the four summary cards from the server figures, 30 Days first', async () => {
    getHistory.mockResolvedValue(ok(historyData()));
    renderView();
    expect(await screen.findByTestId('summary-total-earnings')).toHaveTextContent('+$12.35');
    expect(screen.getByTestId('summary-total-earnings')).toHaveClass('text-success');
    expect(screen.getByTestId('summary-average-apy')).toHaveTextContent('5.12%');
    expect(screen.getByTestId('summary-total-deposits')).toHaveTextContent('$505.00');
    expect(screen.getByTestId('summary-best-month')).toHaveTextContent('August 2026');
    expect(screen.getByText('+$21.00 interest')).toBeInTheDocument();
    expect(getHistory).toHaveBeenCalledWith({ query: { range: '30d' } });
    const group = screen.getByRole('group', { name: 'Time range' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['7 Days', '30 Days', '90 Days', '1 Year', 'All Time']);
    expect(within(group).getByRole('button', { name: '30 Days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute('href', '/api/history/export.csv');
  });

  it('asks the server again when the range changes, and shows the new figures', async () => {
    const user = userEvent.setup();
    getHistory.mockImplementation(async ({ query }: { query: { range: string } }) =>
      ok(
        query.range === '1y'
          ? historyData({
              range: '1y',
              summary: { ...historyData().summary, totalEarnings: '-2500000', totalDeposits: '1505000000' },
            })
          : historyData(),
      ),
    );
    renderView();
    expect(await screen.findByTestId('summary-total-earnings')).toHaveTextContent('+$12.35');
    await user.click(screen.getByRole('button', { name: '1 Year' }));
    expect(await screen.findByText('-$2.50')).toHaveClass('text-destructive');
    expect(screen.getByTestId('summary-total-deposits')).toHaveTextContent('$1,505.00');
    expect(getHistory).toHaveBeenLastCalledWith({ query: { range: '1y' } });
    expect(screen.getByRole('button', { name: '1 Year' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('lists activity with signed colours, the Interest badge and explorer links', async () => {
    getHistory.mockResolvedValue(ok(historyData()));
    renderView();
    const list = await screen.findByRole('list', { name: 'Recent activity' });
    const rows = within(list).getAllByTestId('activity-row');
    expect(rows.map((row) => within(row).getByText(/\$/).textContent)).toEqual(['+$6.00', '-$306.00', '+$505.00']);
    expect(within(rows[0] as HTMLElement).getByText('+$6.00')).toHaveClass('text-success');
    expect(within(rows[1] as HTMLElement).getByText('-$306.00')).toHaveClass('text-destructive');
    expect(within(rows[0] as HTMLElement).getByText('Interest').className).toMatch(/secondary/);
    expect(within(rows[0] as HTMLElement).getByText(/September 2026 so far/)).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('made outside Keel');
    expect(rows[2]).toHaveTextContent('sent from Keel');
    const link = await within(rows[2] as HTMLElement).findByRole('link', { name: /View transaction/ });
    expect(link).toHaveAttribute('href', `${EXPLORER}/tx/${DEPOSIT_TX}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('breaks down each vault with its realised APY and trend', async () => {
    getHistory.mockResolvedValue(ok(historyData()));
    renderView();
    const list = await screen.findByRole('list', { name: 'Vault performance' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Everyday Cash');
    expect(items[0]).toHaveTextContent('5.12% APY');
    expect(items[0]).toHaveTextContent('+$12.35');
    expect(within(items[0] as HTMLElement).getByLabelText('Trending up')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('No position');
    expect(items[1]).toHaveTextContent('— APY');
    expect(within(items[2] as HTMLElement).getByLabelText('Trending down')).toBeInTheDocument();
    expect(items[2]).toHaveTextContent('-1.30%');
  });

  it('names a vault that failed verification as unavailable, without figures', async () => {
    getHistory.mockResolvedValue(
      ok(
        historyData({
          vaults: historyData().vaults.slice(0, 2),
          unavailableVaults: [{ id: 'growth-reserve', name: 'Growth Reserve' }],
        }),
      ),
    );
    renderView();
    const list = await screen.findByRole('list', { name: 'Vault performance' });
    const growth = within(list).getAllByRole('listitem')[2];
    expect(growth).toHaveTextContent('Growth ReserveUnavailable right now');
    expect(growth).not.toHaveTextContent('%');
  });

  it('draws the chart lazily and switches to the share-price view', async () => {
    const user = userEvent.setup();
    getHistory.mockResolvedValue(ok(historyData()));
    renderView();
    expect(await screen.findByTestId('chart-drawn')).toHaveTextContent('balance');
    expect(screen.getByTestId('performance-chart')).toHaveAccessibleName(/with 0 deposits and 1 withdrawals marked/);
    await user.click(screen.getByRole('button', { name: 'Share price' }));
    expect(screen.getByTestId('chart-drawn')).toHaveTextContent('share-price');
    expect(screen.getByRole('heading', { name: 'Vault share prices' })).toBeInTheDocument();
  });

  it('has an empty state: first a wallet to link, then no history yet', async () => {
    getHistory.mockResolvedValueOnce(ok(historyData({ hasHistory: false, walletCount: 0, activity: [] })));
    renderView();
    expect(await screen.findByText('Link a wallet to see your history')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Link a wallet' })).toHaveAttribute('href', '/vault-dashboard');
    expect(screen.queryByTestId('summary-total-earnings')).not.toBeInTheDocument();
  });

  it('says there is no history yet when the linked wallet has none', async () => {
    getHistory.mockResolvedValue(ok(historyData({ hasHistory: false, walletCount: 1, activity: [] })));
    renderView();
    expect(await screen.findByText('No history yet')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recent activity' })).not.toBeInTheDocument();
  });

  it('shows a saver who has only received USDC the chart and the Received row, not "No history yet"', async () => {
    const received = activityEntry({
      type: 'Received',
      vaultId: null,
      vault: 'Wallet',
      amount: '40000000',
      shares: null,
      isFromKeel: false,
      counterparty: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    });
    const chart = {
      balance: [
        { time: '2026-08-11T00:00:00.000Z', value: '0', wallet: '0' },
        { time: '2026-08-20T00:00:00.000Z', value: '0', wallet: '40000000' },
      ],
      markers: [
        { time: '2026-08-20T00:00:00.000Z', type: 'Received' as const, vault: 'Wallet', amount: '40000000', value: '40000000' },
      ],
      sharePrices: [],
    };
    getHistory.mockResolvedValue(ok(historyData({ hasHistory: true, walletCount: 1, activity: [received], chart })));
    renderView();
    expect(await screen.findByTestId('chart-drawn')).toHaveTextContent('balance');
    expect(screen.getByTestId('performance-chart')).toHaveAccessibleName(
      /Ready to deposit from \$0\.00 on .+ to \$40\.00 on .+, with 1 received and 0 sent marked\.$/,
    );
    expect(screen.queryByText('No history yet')).not.toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Recent activity' })).getAllByTestId('activity-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Received');
    expect(rows[0]).toHaveTextContent('From 0xf39f...2266');
    expect(rows[0]).toHaveTextContent('+$40.00');
  });

  it('says it is loading until the history arrives, with no figures yet', async () => {
    getHistory.mockReturnValue(new Promise(() => undefined));
    renderView();
    expect(await screen.findByText('Loading your history…')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Vault Performance', level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId('summary-total-earnings')).not.toBeInTheDocument();
  });

  it('shows the server’s reason when the history cannot be read, and stops saying it is loading', async () => {
    getHistory.mockResolvedValue(failed(503, 'The chain could not be read.'));
    renderView();
    expect(await screen.findByText(/The chain could not be read\. Please try again in a moment\./)).toBeInTheDocument();
    expect(screen.queryByText('Loading your history…')).not.toBeInTheDocument();
    expect(screen.queryByTestId('summary-total-earnings')).not.toBeInTheDocument();
  });

  it('warns when figures use the last recorded share price and while history is still being read', async () => {
    getHistory.mockResolvedValue(ok(historyData({ stale: true, indexing: true })));
    renderView();
    expect(await screen.findByText(/current values use the last recorded share price/)).toBeInTheDocument();
    // The statements section below may be loading too: its spinner is another status.
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
      'Your history is still being read from the chain; figures will fill in shortly.',
    );
    expect(screen.getByTestId('summary-total-earnings')).toHaveTextContent('+$12.35');
  });

  it('shows the saver’s own figures as real: as of the server’s time, with no sample label', async () => {
    getHistory.mockResolvedValue(ok(historyData()));
    renderView();
    expect(await screen.findByText(/· as of /)).toBeInTheDocument();
    expect(screen.queryByText(/sample/i)).not.toBeInTheDocument();
  });
});
