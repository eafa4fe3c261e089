import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '~/lib/api-client';
import { createQueryClient } from '~/lib/query-client';
import { ReadyToDeposit } from './ready-to-deposit';

const api = vi.hoisted(() => ({ getAddresses: vi.fn() }));
vi.mock('~/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  api: { 'money-in': { addresses: { $get: api.getAddresses } } },
}));

const WALLET = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const ok = (body: unknown) => ({ ok: true, status: 200, json: async () => body });
const holding = (usdc: string | null) => ok({ chainId: 8453, addresses: [{ kind: 'linked-wallet', address: WALLET, usdc }] });

function renderCard(onDeposit = vi.fn()) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <ReadyToDeposit onDeposit={onDeposit} />
        <p>rest of the dashboard</p>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return onDeposit;
}

describe('ReadyToDeposit', () => {
  beforeEach(() => api.getAddresses.mockReset());

  it('shows the USDC sitting in the wallet as ready to deposit, and Deposit opens the dialog', async () => {
    api.getAddresses.mockResolvedValue(holding('250500000'));
    const user = userEvent.setup();
    const onDeposit = renderCard();
    expect(await screen.findByTestId('ready-to-deposit-amount')).toHaveTextContent('$250.50');
    expect(screen.getByRole('heading', { name: 'Ready to deposit' })).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent(/^\$250\.50 in 0x7099.*79c8$/);
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(onDeposit).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Add money' })).toHaveAttribute('href', '/add-money');
  });

  it('shows nothing when the wallet holds no USDC, or its balance cannot be read', async () => {
    api.getAddresses.mockResolvedValueOnce(holding('0'));
    renderCard();
    await vi.waitFor(() => expect(api.getAddresses).toHaveBeenCalled());
    expect(screen.getByText('rest of the dashboard')).toBeInTheDocument();
    expect(screen.queryByTestId('ready-to-deposit')).not.toBeInTheDocument();
  });
});
