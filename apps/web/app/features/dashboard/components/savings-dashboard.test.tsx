import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '~/lib/api-client';
import { createQueryClient } from '~/lib/query-client';
import type { HistoryOverviewData } from '~/lib/history-overview';
import { TransferDialogsContext, type OpenTransferDialog } from '~/lib/transfer-dialogs';
import { DISCONNECTED_WALLET, WalletStateContext, type WalletState } from '~/lib/wallet-state';
import { NO_HISTORY, POSITION, WALLET } from '../testing/dashboard-fixtures';
import { SavingsDashboard } from './savings-dashboard';

const api = vi.hoisted(() => ({
  getWallet: vi.fn(),
  getDeposits: vi.fn(),
  getPositions: vi.fn(),
  getOverview: vi.fn(),
  getTransfers: vi.fn(),
  getHistory: vi.fn(),
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
    transfers: { $get: api.getTransfers },
    history: { $get: api.getHistory, overview: { $get: api.getOverview } },
  },
}));

const CONNECTED: WalletState = {
  ...DISCONNECTED_WALLET,
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

function renderDashboard(wallet: WalletState, openTransfer: OpenTransferDialog = () => undefined) {
  const client = createQueryClient();
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <WalletStateContext value={wallet}>
          <TransferDialogsContext value={openTransfer}>
            <SavingsDashboard />
          </TransferDialogsContext>
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

/** $25.00 deposited on chain, now worth $26.25: +$1.25 earned, 6.26% realised over 30 days. */
const WITH_HISTORY: HistoryOverviewData = {
  ...NO_HISTORY,
  asOf: '2026-09-10T12:00:00.000Z',
  hasHistory: true,
  earnedAllTime: '1250000',
  currentValue: '26250000',
  netContributed: '25000000',
  realisedApy30d: '62600000000000000',
  vaults: [
    {
      id: 'everyday-cash',
      name: 'Everyday Cash',
      value: '26250000',
      earned: '1250000',
      realisedApy30d: '62600000000000000',
      apySince: null,
    },
  ],
};

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
    api.getOverview.mockResolvedValue(ok(NO_HISTORY));
    api.getTransfers.mockResolvedValue(ok({ transfers: [] }));
    api.getHistory.mockResolvedValue(
      ok({
        summary: { totalEarnings: '250000', averageApy: '51000000000000000', totalDeposits: '25000000' },
      }),
    );
  });

  it('ticks the first-run steps from the server: linked, then a sent deposit, and keeps the example week framed', async () => {
    api.getTransfers.mockResolvedValue(ok({ transfers: [{ kind: 'deposit', status: 'pending' }] }));
    renderDashboard(CONNECTED);
    const checklist = within(await screen.findByTestId('first-run'));
    await waitFor(() => expect(checklist.getByTestId('first-run-step-choose-vault')).toHaveAttribute('data-state', 'done'));
    expect(checklist.getByTestId('first-run-step-link-wallet')).toHaveAttribute('data-state', 'done');
    expect(checklist.getByTestId('first-run-step-first-deposit')).toHaveAttribute('data-state', 'in-progress');
    expect(checklist.getByText('Waiting for Base to confirm')).toBeInTheDocument();
    // The sample week sits inside the Example data frame, not beside real figures.
    const example = within(screen.getByRole('region', { name: 'Example data' }));
    expect(example.getByText('Example week: Aug 4-8')).toBeInTheDocument();
    expect(screen.queryByTestId('recent-week')).not.toBeInTheDocument();
  });

  it('shows its frame until the server says whether a wallet is linked, then the page in its place', async () => {
    let answer: (value: unknown) => void = () => undefined;
    api.getWallet.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderDashboard(DISCONNECTED_WALLET);
    expect(await screen.findByTestId('dashboard-frame')).toBeInTheDocument();
    expect(screen.queryByTestId('first-run')).not.toBeInTheDocument();
    answer(ok({ wallet: null }));
    expect(await screen.findByTestId('first-run')).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-frame')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome Back');
  });

  it('for a linked wallet, shows the loading block under the title until every fact has answered, then the checklist with the cards', async () => {
    let answer: (value: unknown) => void = () => undefined;
    api.getPositions.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderDashboard(CONNECTED);
    expect(await screen.findByText(/Linked wallet/)).toBeInTheDocument();
    expect(screen.getByTestId('balances-loading')).toHaveTextContent('Loading your balances…');
    // Deposits, history and transfers have answered; the positions read has not: nothing below the title yet.
    await waitFor(() => expect(api.getTransfers).toHaveBeenCalled());
    expect(screen.queryByTestId('first-run')).not.toBeInTheDocument();
    expect(screen.queryByTestId('stat-total-balance')).not.toBeInTheDocument();
    expect(screen.queryByText('Example week: Aug 4-8')).not.toBeInTheDocument();
    const deposit = screen.getByRole('button', { name: 'Deposit' });
    answer(ok({ wallets: [WALLET], vaults: VAULTS, positions: [], readAt: '' }));
    // In one step: the checklist above the cards, and the title (with its buttons) kept as it was.
    const checklist = within(await screen.findByTestId('first-run'));
    expect(checklist.getByTestId('first-run-step-link-wallet')).toHaveAttribute('data-state', 'done');
    expect(screen.getByTestId('stat-total-balance')).toHaveTextContent('—');
    expect(screen.queryByTestId('balances-loading')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deposit' })).toBe(deposit);
  });

  it('a failed read ends the loading block too: the failure is said, and no checklist is guessed', async () => {
    api.getPositions.mockResolvedValue(failed(502, 'chain down'));
    renderDashboard(CONNECTED);
    expect(await screen.findAllByText(/Balances could not be read from Base/)).not.toHaveLength(0);
    expect(screen.queryByTestId('balances-loading')).not.toBeInTheDocument();
    expect(screen.queryByTestId('first-run')).not.toBeInTheDocument();
  });

  it('estimates a year at the chosen vault’s target range for a typed amount, labelled as an estimate', async () => {
    api.getWallet.mockResolvedValue(ok({ wallet: null }));
    renderDashboard({ ...DISCONNECTED_WALLET, isAvailable: true });
    const checklist = within(await screen.findByTestId('first-run'));
    expect(checklist.getByTestId('first-run-estimate')).toHaveTextContent('—');
    fireEvent.change(checklist.getByLabelText('Amount (USDC)'), { target: { value: '1000' } });
    expect(checklist.getByTestId('first-run-estimate')).toHaveTextContent('$50.00 – $70.00');
    expect(checklist.getByText(/An estimate at Everyday Cash's target range of 5-7% APY/)).toBeInTheDocument();
    fireEvent.change(checklist.getByLabelText('Vault'), { target: { value: 'growth-reserve' } });
    expect(checklist.getByTestId('first-run-estimate')).toHaveTextContent('$200.00 – $300.00');
    expect(checklist.getByText(/this vault can lose value/)).toBeInTheDocument();
    fireEvent.change(checklist.getByLabelText('Amount (USDC)'), { target: { value: '1e3' } });
    expect(checklist.getByRole('alert')).toHaveTextContent('Amount must be a number of USDC');
    expect(checklist.getByTestId('first-run-estimate')).toHaveTextContent('—');
  });

  it('replaces the example week with the user’s own once there is history, and shows no checklist', async () => {
    api.getPositions.mockResolvedValue(
      ok({ wallets: [WALLET], vaults: VAULTS, positions: [{ ...POSITION, assets: '26250000' }], readAt: '' }),
    );
    api.getOverview.mockResolvedValue(ok(WITH_HISTORY));
    renderDashboard(CONNECTED);
    expect(await screen.findByTestId('recent-week-earned')).toHaveTextContent('+$0.25');
    expect(screen.getByTestId('recent-week-deposits')).toHaveTextContent('$25.00');
    expect(screen.queryByRole('region', { name: 'Example data' })).not.toBeInTheDocument();
    expect(screen.queryByText('Example week: Aug 4-8')).not.toBeInTheDocument();
    expect(screen.queryByTestId('first-run')).not.toBeInTheDocument();
  });

  it('prompts for a wallet when the account has none linked, and reads no balances', async () => {
    api.getWallet.mockResolvedValue(ok({ wallet: null }));
    renderDashboard({ ...DISCONNECTED_WALLET, isAvailable: true });
    expect(await screen.findByText('Connect a wallet to see your deposits')).toBeInTheDocument();
    // Nothing to measure is a dash with a hint, never $0.00 or 0.0%.
    expect(screen.getByTestId('stat-total-balance')).toHaveTextContent('—');
    expect(screen.getByTestId('stat-average-apy')).toHaveTextContent('—');
    expect(screen.getAllByText('Appears after your first deposit')).toHaveLength(3);
    // The first-run checklist: nothing ticked yet.
    const checklist = within(await screen.findByTestId('first-run'));
    expect(checklist.getByTestId('first-run-step-link-wallet')).toHaveAttribute('data-state', 'todo');
    expect(checklist.getByRole('link', { name: 'Connect Wallet' })).toHaveAttribute('href', '/vault-dashboard');
    expect(api.getDeposits).not.toHaveBeenCalled();
    expect(api.getPositions).not.toHaveBeenCalled();
    expect(api.getOverview).not.toHaveBeenCalled();
  });

  it('asks a connected but unlinked wallet to sign, and shows no balances for it', async () => {
    api.getWallet.mockResolvedValue(ok({ wallet: null }));
    renderDashboard({ ...CONNECTED, linkStatus: 'unlinked' });
    expect(await screen.findByText('Not linked — sign to link this wallet')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Active Vaults' })).getByRole('button', { name: 'Sign to link' }),
    ).toBeEnabled();
    expect(within(screen.getByTestId('first-run')).getByRole('button', { name: 'Sign to link' })).toBeEnabled();
    expect(api.getPositions).not.toHaveBeenCalled();
  });

  it('with recorded deposits only, every card follows the recorded-deposit rules exactly as before', async () => {
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
    api.getPositions.mockResolvedValue(ok({ wallets: [WALLET], vaults: VAULTS, positions: [POSITION], readAt: '' }));
    renderDashboard(CONNECTED);
    // $4,000.00 recorded + $24.999999 on chain = $4,024.999999 → $4,025.00
    await waitFor(() => expect(screen.getByTestId('stat-total-balance')).toHaveTextContent('$4,025.00'));
    expect(screen.getByText('On-chain value plus your recorded deposits')).toBeInTheDocument();
    expect(screen.getByTestId('stat-on-chain-balance')).toHaveTextContent('$25.00');
    expect(screen.getByTestId('stat-recorded-balance')).toHaveTextContent('$4,000.00');
    const onChain = within(screen.getByTestId('onchain-value-everyday-cash').closest('div[aria-labelledby]') as HTMLElement);
    expect(onChain.getByText('On chain')).toBeInTheDocument();
    expect(screen.getByTestId('onchain-value-everyday-cash')).toHaveTextContent('$25.00');
    expect(screen.getByTestId('onchain-shares-everyday-cash')).toHaveTextContent('24.752475');
    expect(onChain.getByText('1.01 USDC')).toBeInTheDocument();
    // Not indexed yet: earnings and APY stay the recorded deposits', and the card says why.
    expect(
      await screen.findByText('On-chain earnings appear once your deposits are indexed (a few blocks).'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('stat-total-earnings')).toHaveTextContent('$50.74');
    expect(screen.getByTestId('stat-average-apy')).toHaveTextContent('8.0%');
    expect(screen.queryByTestId('stat-on-chain-earnings')).not.toBeInTheDocument();
  });

  it('on chain only: earnings since the first deposit and the realised APY, each labelled, once', async () => {
    api.getPositions.mockResolvedValue(
      ok({ wallets: [WALLET], vaults: VAULTS, positions: [{ ...POSITION, assets: '26250000' }], readAt: '' }),
    );
    api.getOverview.mockResolvedValue(ok(WITH_HISTORY));
    renderDashboard(CONNECTED);
    await waitFor(() => expect(screen.getByTestId('stat-total-earnings')).toHaveTextContent('$1.25'));
    expect(screen.getByTestId('stat-total-earnings')).toHaveClass('text-success');
    expect(screen.getByText('Earned since first deposit')).toBeInTheDocument();
    // 6.26% realised, shown to one decimal like every Average APY.
    expect(screen.getByTestId('stat-average-apy')).toHaveTextContent('6.3%');
    expect(screen.getByText('Realised APY, last 30 days')).toBeInTheDocument();
    expect(screen.getByTestId('stat-total-balance')).toHaveTextContent('$26.25');
    expect(screen.getByText('On-chain value of your linked wallet, read from Base')).toBeInTheDocument();
    // One source: no breakdown repeating the same figure.
    expect(screen.queryByTestId('stat-on-chain-earnings')).not.toBeInTheDocument();
    expect(screen.queryByText('Last 30 days')).not.toBeInTheDocument();
    expect(await screen.findByTestId('realised-apy-everyday-cash')).toHaveTextContent(
      'Realised APY, last 30 days: 6.26% (target above, not a promise)',
    );
  });

  it('a loss on chain keeps its sign', async () => {
    api.getPositions.mockResolvedValue(
      ok({ wallets: [WALLET], vaults: VAULTS, positions: [{ ...POSITION, assets: '23750000' }], readAt: '' }),
    );
    api.getOverview.mockResolvedValue(ok({ ...WITH_HISTORY, earnedAllTime: '-1250000', currentValue: '23750000' }));
    renderDashboard(CONNECTED);
    await waitFor(() => expect(screen.getByTestId('stat-total-earnings')).toHaveTextContent('-$1.25'));
    expect(screen.getByTestId('stat-total-earnings')).toHaveClass('text-destructive');
  });

  it('recorded and on chain: one sum per card, with each part labelled under it', async () => {
    api.getDeposits.mockResolvedValue(ok({ deposits: RECORDED }));
    api.getPositions.mockResolvedValue(
      ok({ wallets: [WALLET], vaults: VAULTS, positions: [{ ...POSITION, assets: '4000000000' }], readAt: '' }),
    );
    api.getOverview.mockResolvedValue(ok({ ...WITH_HISTORY, earnedAllTime: '12500000', currentValue: '4000000000' }));
    renderDashboard(CONNECTED);
    // $50.74 estimated on the recorded deposits + $12.50 earned on chain
    await waitFor(() => expect(screen.getByTestId('stat-total-earnings')).toHaveTextContent('$63.24'));
    expect(screen.getByTestId('stat-on-chain-earnings')).toHaveTextContent('+$12.50');
    expect(screen.getByText('On chain: earned since first deposit')).toBeInTheDocument();
    expect(screen.getByTestId('stat-recorded-earnings')).toHaveTextContent('$50.74');
    expect(screen.getByText('Recorded deposits: estimate, last 30 days')).toBeInTheDocument();
    // (1000 × 5 + 3000 × 9 + 4000 × 6.26) / 8000 = 7.13 %
    expect(screen.getByTestId('stat-average-apy')).toHaveTextContent('7.1%');
    expect(screen.getByText('Weighted by balance, across on-chain and recorded deposits')).toBeInTheDocument();
    expect(screen.getByTestId('stat-on-chain-apy')).toHaveTextContent('6.26%');
    expect(screen.getByTestId('stat-recorded-apy')).toHaveTextContent('8.0%');
    expect(screen.getByTestId('stat-total-balance')).toHaveTextContent('$8,000.00');
  });

  it('says when the on-chain earnings cannot be loaded, and keeps the recorded figures', async () => {
    api.getDeposits.mockResolvedValue(ok({ deposits: RECORDED }));
    api.getPositions.mockResolvedValue(ok({ wallets: [WALLET], vaults: VAULTS, positions: [POSITION], readAt: '' }));
    api.getOverview.mockResolvedValue(failed(500, 'no'));
    renderDashboard(CONNECTED);
    expect(await screen.findByText('On-chain earnings could not be loaded right now.')).toBeInTheDocument();
    expect(screen.getByTestId('stat-total-earnings')).toHaveTextContent('$50.74');
    expect(screen.getByText('Last 30 days')).toBeInTheDocument();
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

  it('opens the deposit or withdraw dialog from the title, and with the vault chosen from its card', async () => {
    api.getPositions.mockResolvedValue(ok({ wallets: [WALLET], vaults: VAULTS, positions: [POSITION], readAt: '' }));
    const openTransfer = vi.fn<OpenTransferDialog>();
    renderDashboard(CONNECTED, openTransfer);
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw from Everyday Cash' }));
    expect(openTransfer).toHaveBeenLastCalledWith('withdraw', 'everyday-cash');
    fireEvent.click(screen.getByRole('button', { name: 'Deposit to Everyday Cash' }));
    expect(openTransfer).toHaveBeenLastCalledWith('deposit', 'everyday-cash');
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(openTransfer).toHaveBeenLastCalledWith('deposit', null);
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
