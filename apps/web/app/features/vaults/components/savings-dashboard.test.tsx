import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '~/lib/api-client';
import { createQueryClient } from '~/lib/query-client';
import { DISCONNECTED_WALLET, WalletStateContext, type WalletState } from '~/lib/wallet-state';
import { SavingsDashboard } from './savings-dashboard';

const api = vi.hoisted(() => ({
  getWallet: vi.fn(),
  getDeposits: vi.fn(),
  getPositions: vi.fn(),
}));
vi.mock('~/hooks/use-session', () => ({
  useSession: () => ({ user: { id: 'u1', email: 'saver@keel.test', name: 'Saver' }, isLoading: false }),
}));
vi.mock('~/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  api: {
    wallet: { $get: api.getWallet },
    deposits: { $get: api.getDeposits },
    positions: { $get: api.getPositions },
  },
}));

const WALLET = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const CONNECTED: WalletState = {
  isAvailable: true,
  status: 'connected',
  address: WALLET,
  chainId: 8453,
  linkStatus: 'linked',
  linkError: null,
  requestLink: () => undefined,
};
const VAULTS = [
  { id: 'everyday-cash', name: 'Everyday Cash', address: '0xa', available: true },
  { id: 'smart-savings', name: 'Smart Savings', address: '0xb', available: true },
  { id: 'growth-reserve', name: 'Growth Reserve', address: '0xc', available: true },
];

const ok = (body: unknown) => ({ ok: true, status: 200, json: async () => body });
const failed = (status: number, message: string) => ({
  ok: false,
  status,
  json: async () => ({ error: { code: 'X', message } }),
});

function renderDashboard(wallet: WalletState) {
  const client = createQueryClient();
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
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

const RECORDED = [
  { id: '1', wallet: WALLET, vault: 'Everyday Cash', depositAmount: '1000.00', apyPercent: '5', depositDate: today(365) },
  { id: '2', wallet: WALLET, vault: 'Smart Savings', depositAmount: '3000.00', apyPercent: '9', depositDate: today(0) },
];

describe('SavingsDashboard', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    api.getWallet.mockResolvedValue(ok({ wallet: { walletAddress: WALLET } }));
    api.getDeposits.mockResolvedValue(ok({ deposits: [] }));
    api.getPositions.mockResolvedValue(ok({ wallets: [WALLET], vaults: VAULTS, positions: [], readAt: '' }));
  });

  it('prompts for a wallet when the account has none linked, and reads no balances', async () => {
    api.getWallet.mockResolvedValue(ok({ wallet: null }));
    renderDashboard({ ...DISCONNECTED_WALLET, isAvailable: true });
    expect(await screen.findByText('Connect a wallet to see your deposits')).toBeInTheDocument();
    expect(screen.getByTestId('stat-total-balance')).toHaveTextContent('$0.00');
    expect(api.getDeposits).not.toHaveBeenCalled();
    expect(api.getPositions).not.toHaveBeenCalled();
  });

  it('asks a connected but unlinked wallet to sign, and shows no balances for it', async () => {
    api.getWallet.mockResolvedValue(ok({ wallet: null }));
    renderDashboard({ ...CONNECTED, linkStatus: 'unlinked' });
    expect(await screen.findByText('Not linked — sign to link this wallet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign to link' })).toBeEnabled();
    expect(api.getPositions).not.toHaveBeenCalled();
  });

  it('with recorded deposits only, every card follows the spec’s rules exactly as before', async () => {
    api.getDeposits.mockResolvedValue(ok({ deposits: RECORDED }));
    renderDashboard(CONNECTED);
    await waitFor(() => expect(screen.getByTestId('stat-total-balance')).toHaveTextContent('$4,000.00'));
    // 1000 × 5% over 365 days = $50.00; 3000 × 9% / 365 × 1 day = $0.7397… → $50.74 in total.
    expect(screen.getByTestId('stat-total-earnings')).toHaveTextContent('$50.74');
    // (1000 × 5 + 3000 × 9) / 4000 = 8.0
    expect(screen.getByTestId('stat-average-apy')).toHaveTextContent('8.0%');
    expect(screen.getByText('Sum of your recorded deposits')).toBeInTheDocument();
    expect(screen.getAllByText('Recorded')).toHaveLength(2);
    expect(screen.queryByText('On chain')).not.toBeInTheDocument();
    expect(api.getDeposits).toHaveBeenCalledWith({ query: {} });
  });

  it('adds on-chain positions to the total, each with an On chain badge, shares and share price', async () => {
    api.getDeposits.mockResolvedValue(ok({ deposits: RECORDED }));
    api.getPositions.mockResolvedValue(
      ok({
        wallets: [WALLET],
        vaults: VAULTS,
        positions: [
          {
            walletAddress: WALLET,
            vaultId: 'everyday-cash',
            vaultName: 'Everyday Cash',
            vaultAddress: '0xa',
            shares: '24752475',
            shareDecimals: 6,
            assets: '24999999',
            sharePrice: '1010000',
          },
        ],
        readAt: '',
      }),
    );
    renderDashboard(CONNECTED);
    // $4,000.00 recorded + $24.999999 on chain = $4,024.999999 → $4,025.00
    await waitFor(() => expect(screen.getByTestId('stat-total-balance')).toHaveTextContent('$4,025.00'));
    expect(screen.getByText('On-chain value plus your recorded deposits')).toBeInTheDocument();
    const onChain = within(screen.getByTestId('onchain-value-everyday-cash').closest('div[aria-labelledby]') as HTMLElement);
    expect(onChain.getByText('On chain')).toBeInTheDocument();
    expect(screen.getByTestId('onchain-value-everyday-cash')).toHaveTextContent('$25.00');
    expect(screen.getByTestId('onchain-shares-everyday-cash')).toHaveTextContent('24.752475');
    expect(onChain.getByText('1.01 USDC')).toBeInTheDocument();
    // Earnings and APY stay the recorded deposits' (the chain has no APY to offer).
    expect(screen.getByTestId('stat-average-apy')).toHaveTextContent('8.0%');
  });

  it('says a failed chain read on the card, never a silent $0.00', async () => {
    api.getDeposits.mockResolvedValue(ok({ deposits: RECORDED }));
    api.getPositions.mockResolvedValue(failed(502, 'Balances could not be read from Base'));
    renderDashboard(CONNECTED);
    const card = await screen.findByTestId('stat-total-balance');
    await waitFor(() => expect(card).toHaveTextContent('Balances could not be read from Base — Refresh'));
    expect(card).not.toHaveTextContent('$');
    expect(within(card).getByRole('button', { name: 'Refresh' })).toBeEnabled();
  });

  it('shows an unavailable vault as unavailable instead of figures', async () => {
    api.getPositions.mockResolvedValue(
      ok({
        wallets: [WALLET],
        vaults: VAULTS.map((vault, index) => ({ ...vault, available: index !== 2 })),
        positions: [],
        readAt: '',
      }),
    );
    renderDashboard(CONNECTED);
    expect(await screen.findByText(/This vault is unavailable right now/)).toHaveTextContent('Growth Reserve');
  });

  it('logs a failed deposit fetch and falls back to zero', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.getDeposits.mockResolvedValue(failed(500, 'no'));
    renderDashboard(CONNECTED);
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to load deposits', expect.any(Error)));
    expect(screen.getByTestId('stat-total-balance')).toHaveTextContent('$0.00');
    expect(await screen.findByText('No deposits yet')).toBeInTheDocument();
  });
});
