import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '~/lib/query-client';
import { SecureVaultPanel } from './secure-vault-panel';

const getVault = vi.hoisted(() => vi.fn());
vi.mock('~/lib/api-client', () => ({ api: { vaults: { ':address': { $get: getVault } } } }));

const ADDRESS = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';

function jsonResponse(status: number, body: unknown) {
  return { ok: status >= 200 && status < 300, status, json: async () => body };
}

function renderPanel(isSignedIn = true) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SecureVaultPanel vaultAddress={ADDRESS} isSignedIn={isSignedIn} />
    </QueryClientProvider>,
  );
}

describe('SecureVaultPanel', () => {
  beforeEach(() => {
    getVault.mockReset();
  });

  it('loads, then shows the vault figures', async () => {
    getVault.mockResolvedValue(
      jsonResponse(200, {
        name: 'Everyday Cash',
        userAccessLevel: 'depositor',
        totalNetAssetValue: '1250000.5',
        totalGrossAssetValue: '1260000',
        latestSharePrice: { price: '1.0234' },
      }),
    );
    renderPanel();
    expect(screen.getByText('Loading vault data…')).toBeInTheDocument();
    expect(await screen.findByText('Everyday Cash')).toBeInTheDocument();
    expect(screen.getByText('depositor')).toBeInTheDocument();
    expect(screen.getByText('$1,250,000.50')).toBeInTheDocument();
    expect(screen.getByText('$1,260,000.00')).toBeInTheDocument();
    expect(screen.getByText('1.0234')).toBeInTheDocument();
    expect(getVault).toHaveBeenCalledWith({ param: { address: ADDRESS } });
    // Without a linked wallet there is no position to show.
    expect(screen.queryByText('Your position')).not.toBeInTheDocument();
  });

  it("shows the linked wallet's position, read from chain", async () => {
    getVault.mockResolvedValue(
      jsonResponse(200, {
        name: 'Everyday Cash',
        userAccessLevel: 'Depositor',
        totalNetAssetValue: '1250000',
        totalGrossAssetValue: '1250000',
        latestSharePrice: { price: '1.01' },
        userBalance: '25.249999',
      }),
    );
    renderPanel();
    expect(await screen.findByTestId('secure-vault-position')).toHaveTextContent('$25.25');
    expect(screen.getByText('On chain')).toBeInTheDocument();
  });

  it('says a vault that failed verification is unavailable', async () => {
    getVault.mockResolvedValue(jsonResponse(503, { error: { code: 'UNAVAILABLE', message: 'x' } }));
    renderPanel();
    expect(await screen.findByText('This vault is unavailable right now')).toBeInTheDocument();
  });

  it.each([
    [
      'a 429',
      () => getVault.mockResolvedValue(jsonResponse(429, { error: { code: 'RATE_LIMITED', message: 'x' } })),
      'Rate limit exceeded. Please try again later.',
    ],
    [
      'a 502',
      () => getVault.mockResolvedValue(jsonResponse(502, { error: { code: 'UPSTREAM', message: 'x' } })),
      'Failed to fetch vault data',
    ],
    ['a thrown fetch', () => getVault.mockRejectedValue(new TypeError('Failed to fetch')), 'Network error occurred'],
  ])('shows the matching error for %s', async (_case, arrange, message) => {
    arrange();
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('does not load for a signed-out visitor', () => {
    renderPanel(false);
    expect(screen.getByText('Sign in to see vault data.')).toBeInTheDocument();
    expect(getVault).not.toHaveBeenCalled();
  });
});
