import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VAULTS, type Vault } from '@keel/core/vaults';
import type * as ApiClient from '~/lib/api-client';
import { createQueryClient } from '~/lib/query-client';
import { POSITIONS_FAILED_MESSAGE } from '~/lib/positions';
import { VAULT_ADDRESS, figuresData } from '../vault-figures-fixtures';
import { VaultDetails } from './vault-details';

const api = vi.hoisted(() => ({
  getFigures: vi.fn(),
  getVaults: vi.fn(),
  getWallet: vi.fn(),
  getPositions: vi.fn(),
  getConfig: vi.fn(),
}));
vi.mock('~/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  api: {
    history: { vaults: { ':id': { $get: api.getFigures } } },
    vaults: { $get: api.getVaults },
    wallet: { $get: api.getWallet },
    positions: { $get: api.getPositions },
    config: { $get: api.getConfig },
  },
}));
// recharts needs a real layout; the drawn chart is covered by the Playwright spec.
vi.mock('~/components/share-price-chart', () => ({
  default: ({ series }: { series: { name: string; points: unknown[] }[] }) => (
    <div data-testid="chart-drawn">{series.map((entry) => `${entry.name}: ${entry.points.length} points`).join()}</div>
  ),
}));

const EXPLORER = 'https://basescan.org';
const WALLET = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

function vaultNamed(id: Vault['id']): Vault {
  const vault = VAULTS.find((entry) => entry.id === id);
  if (!vault) throw new Error(`no vault ${id}`);
  return vault;
}
const SMART = vaultNamed('smart-savings');
const GROWTH = vaultNamed('growth-reserve');

const ok = (body: unknown) => ({ ok: true, status: 200, json: async () => body });
const failed = (status: number, message: string) => ({
  ok: false,
  status,
  json: async () => ({ error: { code: 'RATE_LIMITED', message } }),
});
const never = () => new Promise(() => undefined);

const GROWTH_NOTE =
  'The description above speaks of Bitcoin and Ethereum exposure, but the contract behind Growth Reserve today, ' +
  'Spark USDC Vault (sparkUSDC), is a USDC vault: you deposit and withdraw USDC, and its value does not follow ' +
  'Bitcoin and Ethereum prices.';
const CONTRACTS = {
  'everyday-cash': { identity: { name: 'Seamless USDC Vault', symbol: 'smUSDC', assetSymbol: 'USDC' }, curator: 'Gauntlet' },
  'smart-savings': {
    identity: { name: 'Steakhouse USDC', symbol: 'steakUSDC', assetSymbol: 'USDC' },
    curator: 'Steakhouse Financial',
  },
  'growth-reserve': { identity: { name: 'Spark USDC Vault', symbol: 'sparkUSDC', assetSymbol: 'USDC' }, curator: null },
} as const;

const statuses = (available = true) =>
  ok({
    vaults: VAULTS.map((vault) => ({
      id: vault.id,
      name: vault.name,
      address: VAULT_ADDRESS,
      available,
      contract: available
        ? { ...CONTRACTS[vault.id], exposureNote: vault.id === 'growth-reserve' ? GROWTH_NOTE : null }
        : { identity: null, curator: CONTRACTS[vault.id].curator, exposureNote: null },
    })),
  });
const linkedWallet = ok({ wallet: { walletAddress: WALLET, chainId: 8453, linkedAt: '2026-09-01T00:00:00.000Z' } });
const positions = (held: boolean) =>
  ok({
    wallets: [WALLET],
    vaults: [],
    positions: held
      ? [
          {
            walletAddress: WALLET,
            vaultId: 'smart-savings',
            vaultName: 'Smart Savings',
            vaultAddress: VAULT_ADDRESS,
            shares: '39512345',
            shareDecimals: 6,
            assets: '40000000',
            sharePrice: '1012300',
          },
        ]
      : [],
    readAt: '2026-09-10T12:00:00.000Z',
  });

function renderPage(vault: Vault = SMART) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <VaultDetails vault={vault} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('VaultDetails', () => {
  beforeEach(() => {
    api.getFigures.mockReset().mockResolvedValue(ok(figuresData()));
    api.getVaults.mockReset().mockResolvedValue(statuses());
    api.getWallet.mockReset().mockResolvedValue(linkedWallet);
    api.getPositions.mockReset().mockResolvedValue(positions(true));
    api.getConfig.mockReset().mockResolvedValue(ok({ explorerUrl: EXPLORER }));
  });

  it('reads the vault from Base while its figures load, with the vault itself already described', async () => {
    api.getFigures.mockReturnValue(never());
    renderPage();
    expect(await screen.findByText('Reading the vault from Base…')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Smart Savings' })).toBeInTheDocument();
    expect(screen.queryByTestId('vault-total-assets')).not.toBeInTheDocument();
  });

  it('shows the live figures from chain next to the target, the chart, the contract and the saver’s position', async () => {
    renderPage();
    expect(await screen.findByTestId('vault-total-assets')).toHaveTextContent('$1,234,567.89');
    expect(screen.getByTestId('vault-share-price')).toHaveTextContent('1.0123 USDC');
    expect(screen.getByTestId('vault-apy-7d')).toHaveTextContent('8.12%');
    expect(screen.getByTestId('vault-apy-30d')).toHaveTextContent('—');
    expect(screen.getByText('Realised over 30 days: needs a day of share-price history')).toBeInTheDocument();
    expect(screen.getByTestId('vault-figures-as-of')).toHaveTextContent(/^Read from Base at block 1,234,567, as of /);
    expect(screen.getByText(/^Target range:/)).toHaveTextContent('7-12% APY');
    expect(await screen.findByTestId('chart-drawn')).toHaveTextContent('Smart Savings: 2 points');
    expect(screen.getByTestId('vault-address')).toHaveTextContent(VAULT_ADDRESS);
    expect(await screen.findByRole('link', { name: /View on explorer/ })).toHaveAttribute(
      'href',
      `${EXPLORER}/address/${VAULT_ADDRESS}`,
    );
    expect(await screen.findByTestId('vault-position-value')).toHaveTextContent('$40.00');
    expect(screen.getByText('On chain')).toBeInTheDocument();
    expect(screen.getByText('39.512345')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deposit' })).toBeEnabled();
  });

  it('names the contract behind the tier in its own on-chain words and who manages it', async () => {
    renderPage();
    expect(await screen.findByTestId('vault-contract-identity')).toHaveTextContent(
      'Held in the contract Steakhouse USDC (steakUSDC), a USDC vault on Base. Managed by Steakhouse Financial.',
    );
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('says plainly what the Growth Reserve contract is where the tier claims Bitcoin and Ethereum exposure', async () => {
    renderPage(GROWTH);
    expect(await screen.findByTestId('vault-contract-identity')).toHaveTextContent(
      'Held in the contract Spark USDC Vault (sparkUSDC), a USDC vault on Base.',
    );
    expect(screen.getByTestId('vault-contract-identity')).not.toHaveTextContent('Managed by');
    expect(screen.getByRole('note')).toHaveTextContent(`What this contract actually is: ${GROWTH_NOTE}`);
  });

  it('labels the withdrawal terms as sample terms, apart from the live figures', async () => {
    renderPage(GROWTH);
    expect(await screen.findByText('Withdrawal time and fee are sample terms.')).toBeInTheDocument();
    expect(screen.getByText('24-48 hours')).toBeInTheDocument();
    expect(screen.getByText('0.25%')).toBeInTheDocument();
    expect(screen.getByText('Withdrawals may take 24-48 hours due to crypto exposure.')).toBeInTheDocument();
  });

  it('says when there is nothing to show yet: figures still being read, and nothing held', async () => {
    api.getFigures.mockResolvedValue(ok(figuresData({ figures: null, indexing: true, chart: [] })));
    api.getPositions.mockResolvedValue(positions(false));
    renderPage();
    expect(await screen.findByText(/Keel is still reading this vault’s history from Base/)).toBeInTheDocument();
    expect(await screen.findByTestId('vault-position-empty')).toHaveTextContent(
      'Your linked wallet holds nothing in Smart Savings yet.',
    );
    expect(screen.queryByText('Share price, last 30 days')).not.toBeInTheDocument();
    expect(screen.queryByText('On chain')).not.toBeInTheDocument();
  });

  it('asks for a linked wallet before showing a position', async () => {
    api.getWallet.mockResolvedValue(ok({ wallet: null }));
    renderPage();
    expect(await screen.findByRole('link', { name: 'Vault Dashboard' })).toHaveAttribute('href', '/vault-dashboard');
    expect(api.getPositions).not.toHaveBeenCalled();
  });

  it('gives the server’s reason when the figures fail, and tries again on request', async () => {
    const user = userEvent.setup();
    api.getFigures.mockResolvedValueOnce(failed(429, 'Too many requests. Try again in a minute.'));
    api.getPositions.mockResolvedValue(failed(502, 'The balances could not be read.'));
    renderPage();
    expect(await screen.findByText(/The vault’s figures could not be loaded: Too many requests\./)).toBeInTheDocument();
    expect(await screen.findByText(POSITIONS_FAILED_MESSAGE)).toHaveAttribute('role', 'alert');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('vault-total-assets')).toHaveTextContent('$1,234,567.89');
  });

  it('shows no figures for a vault Keel could not verify, and switches its transfers off', async () => {
    api.getVaults.mockResolvedValue(statuses(false));
    renderPage();
    expect(await screen.findByTestId('vault-unavailable')).toHaveTextContent('Smart Savings is unavailable:');
    expect(screen.queryByTestId('vault-total-assets')).not.toBeInTheDocument();
    expect(screen.queryByTestId('chart-drawn')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deposit' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
  });
});
