import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '~/lib/api-client';
import { createQueryClient } from '~/lib/query-client';
import type { StatementData } from '../api/statements';
import { MonthlyStatements } from './monthly-statements';

const listMonths = vi.hoisted(() => vi.fn());
const getStatement = vi.hoisted(() => vi.fn());
vi.mock('~/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  api: { statements: { $get: listMonths, ':month': { $get: getStatement } } },
}));

const ok = (body: unknown) => ({ ok: true, status: 200, json: async () => body });
const failed = (status: number, message: string) => ({
  ok: false,
  status,
  json: async () => ({ error: { code: 'INTERNAL', message } }),
});

const MONTHS = {
  timeZone: 'Europe/Berlin',
  months: [
    { month: '2026-04', label: 'April 2026', isToDate: true },
    { month: '2026-03', label: 'March 2026', isToDate: false },
  ],
};

function figures(overrides: Partial<StatementData['totals']> = {}): StatementData['totals'] {
  return {
    openingValue: '1010000000',
    closingValue: '1224000000',
    deposits: '506000000',
    withdrawals: '304500000',
    earned: '12500000',
    averageBalance: '1244725806',
    monthReturn: '10042372335935968',
    realisedApy: '124851550067657106',
    ...overrides,
  };
}

function statement(overrides: Partial<StatementData> = {}): StatementData {
  return {
    month: '2026-03',
    label: 'March 2026',
    timeZone: 'Europe/Berlin',
    periodStart: '2026-02-28T23:00:00.000Z',
    periodEnd: '2026-03-31T22:00:00.000Z',
    isToDate: false,
    asOf: '2026-04-02T00:00:00.000Z',
    indexing: false,
    unavailableVaults: [],
    walletCount: 1,
    hasPosition: true,
    hasActivity: true,
    totals: figures(),
    vaults: [{ id: 'everyday-cash', name: 'Everyday Cash', address: '0xca5e', ...figures(), activity: [] }],
    ...overrides,
  };
}

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MonthlyStatements />
    </QueryClientProvider>,
  );
}

describe('MonthlyStatements', () => {
  beforeEach(() => {
    listMonths.mockReset();
    getStatement.mockReset();
    const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
    // The saver's browser is in Berlin: months close at midnight there.
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolvedOptions.call(this), timeZone: 'Europe/Berlin' };
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens on the newest month and shows each figure in a captioned table, with both downloads', async () => {
    listMonths.mockResolvedValue(ok(MONTHS));
    getStatement.mockResolvedValue(ok(statement({ month: '2026-04', label: 'April 2026', isToDate: true })));
    renderSection();
    const picker = await screen.findByRole('combobox', { name: 'Month' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['April 2026 (so far)', 'March 2026']);
    expect(listMonths).toHaveBeenCalledWith({ query: { timeZone: 'Europe/Berlin' } });
    expect(getStatement).toHaveBeenCalledWith({ param: { month: '2026-04' }, query: { timeZone: 'Europe/Berlin' } });

    const table = await screen.findByRole('table', { name: 'April 2026 (so far), by vault' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Vault', 'Opening value', 'Deposits', 'Withdrawals', 'Earned', 'Closing value', 'Realised APY']);
    const row = within(table).getByRole('row', { name: /Everyday Cash/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$1,010.00', '$506.00', '$304.50', '+$12.50', '$1,224.00', '12.49%']);
    expect(screen.getByText('This month is not over yet: the figures are so far and will change.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download statement' })).toHaveAttribute(
      'href',
      '/api/statements/2026-04/html?timeZone=Europe%2FBerlin',
    );
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/history/export.csv?month=2026-04&timeZone=Europe%2FBerlin',
    );
  });

  it('shows the month the saver picks, saying plainly when nothing moved and the APY cannot be known', async () => {
    const user = userEvent.setup();
    listMonths.mockResolvedValue(ok(MONTHS));
    getStatement.mockImplementation(async ({ param }: { param: { month: string } }) =>
      ok(
        param.month === '2026-03'
          ? statement({
              hasActivity: false,
              totals: figures({ realisedApy: null }),
              vaults: [
                {
                  id: 'everyday-cash',
                  name: 'Everyday Cash',
                  address: '0xca5e',
                  ...figures({ realisedApy: null }),
                  activity: [],
                },
              ],
            })
          : statement({ month: '2026-04', label: 'April 2026', isToDate: true }),
      ),
    );
    renderSection();
    await screen.findByRole('table', { name: 'April 2026 (so far), by vault' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), '2026-03');
    const table = await screen.findByRole('table', { name: 'March 2026, by vault' });
    expect(within(table).getAllByRole('cell').at(-1)).toHaveTextContent('—');
    expect(screen.getByText(/No deposits or withdrawals this month\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download statement' })).toHaveAttribute(
      'href',
      '/api/statements/2026-03/html?timeZone=Europe%2FBerlin',
    );
  });

  it('tells a saver with no statements when the first one comes', async () => {
    listMonths.mockResolvedValue(ok({ timeZone: 'Europe/Berlin', months: [] }));
    renderSection();
    expect(await screen.findByText('No statements yet — your first one appears after your first deposit.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download statement' })).not.toBeInTheDocument();
    expect(getStatement).not.toHaveBeenCalled();
  });

  it('says so when the statements cannot be loaded', async () => {
    listMonths.mockResolvedValue(failed(500, 'Something went wrong.'));
    renderSection();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your statements could not be loaded. Something went wrong.');
  });
});
