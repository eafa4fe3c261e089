import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '~/lib/api-client';
import { createQueryClient } from '~/lib/query-client';
import { WalletStateContext, type WalletState } from '~/lib/wallet-state';
import { SavingsDashboard } from './savings-dashboard';

const getDeposits = vi.hoisted(() => vi.fn());
vi.mock('~/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  api: { deposits: { $get: getDeposits } },
}));

const WALLET = '0x1111111111111111111111111111111111111111';
const CONNECTED: WalletState = { isAvailable: true, status: 'connected', address: WALLET, chainId: 8453 };

function renderDashboard(wallet: WalletState) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <WalletStateContext value={wallet}>
          <SavingsDashboard />
        </WalletStateContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

function today(offsetDays = 0): string {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() - offsetDays);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

describe('SavingsDashboard', () => {
  beforeEach(() => {
    getDeposits.mockReset();
  });

  it('prompts for a wallet when none is connected', () => {
    renderDashboard({ isAvailable: true, status: 'disconnected', address: null, chainId: null });
    expect(screen.getByText('Connect a wallet to see your deposits')).toBeInTheDocument();
    expect(screen.getByTestId('stat-total-balance')).toHaveTextContent('$0.00');
    expect(getDeposits).not.toHaveBeenCalled();
  });

  it('sums the connected wallet’s deposits and weights the APY by amount', async () => {
    getDeposits.mockResolvedValue({
      ok: true,
      status: 200,
      json: async () => ({
        deposits: [
          { id: '1', wallet: WALLET, vault: 'Everyday Cash', depositAmount: '1000.00', apyPercent: '5', depositDate: today(365) },
          { id: '2', wallet: WALLET, vault: 'Smart Savings', depositAmount: '3000.00', apyPercent: '9', depositDate: today(0) },
        ],
      }),
    });
    renderDashboard(CONNECTED);
    await waitFor(() => expect(screen.getByTestId('stat-total-balance')).toHaveTextContent('$4,000.00'));
    // 1000 × 5% over 365 days = $50.00; 3000 × 9% / 365 × 1 day = $0.7397… → $50.74 in total.
    expect(screen.getByTestId('stat-total-earnings')).toHaveTextContent('$50.74');
    // (1000 × 5 + 3000 × 9) / 4000 = 8.0
    expect(screen.getByTestId('stat-average-apy')).toHaveTextContent('8.0%');
    expect(screen.getAllByText('Active')).toHaveLength(2);
    expect(getDeposits).toHaveBeenCalledWith({ query: { wallet: WALLET } });
  });

  it('logs a failed fetch and falls back to zero', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    getDeposits.mockResolvedValue({
      ok: false,
      status: 403,
      json: async () => ({ error: { code: 'FORBIDDEN', message: 'no' } }),
    });
    renderDashboard(CONNECTED);
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to load deposits', expect.any(Error)));
    expect(screen.getByTestId('stat-total-balance')).toHaveTextContent('$0.00');
    expect(screen.getByTestId('stat-average-apy')).toHaveTextContent('0.0%');
    expect(screen.getByText('No deposits yet')).toBeInTheDocument();
  });
});
