import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '~/lib/query-client';
import { DISCONNECTED_WALLET, LOADING_WALLET, WalletStateContext, type WalletState } from '~/lib/wallet-state';
import type { TransferKind } from '@keel/core/transfer-rules';
import { TransferDialog } from './transfer-dialog';

const WALLET = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

function renderWith(wallet: WalletState, kind: TransferKind = 'deposit') {
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <WalletStateContext value={wallet}>
          <TransferDialog kind={kind} open onOpenChange={vi.fn()} initialVaultId="everyday-cash" />
        </WalletStateContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('transfer dialogs before the form', () => {
  it('ask for a wallet when none is connected, and move no money', () => {
    renderWith({ ...DISCONNECTED_WALLET, isAvailable: true });
    expect(screen.getByRole('dialog', { name: 'Deposit USDC' })).toBeInTheDocument();
    expect(screen.getByText('Connect your wallet to move money')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect Wallet' })).toHaveAttribute('href', '/vault-dashboard');
    expect(screen.queryByRole('button', { name: 'Confirm Deposit' })).not.toBeInTheDocument();
  });

  it('ask to link a connected wallet that is not proven, and start the signature from the button', async () => {
    const requestLink = vi.fn();
    renderWith(
      {
        ...DISCONNECTED_WALLET,
        isAvailable: true,
        status: 'connected',
        address: WALLET,
        chainId: 8453,
        linkStatus: 'unlinked',
        linkError: 'You declined the signature in your wallet.',
        requestLink,
      },
      'withdraw',
    );
    expect(screen.getByRole('dialog', { name: 'Withdraw USDC' })).toBeInTheDocument();
    expect(screen.getByText('Not linked — sign to link this wallet')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('You declined the signature in your wallet.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign to link' }));
    expect(requestLink).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Confirm Withdrawal' })).not.toBeInTheDocument();
  });

  it('wait for the wallet code while it is still loading, without calling it unavailable', () => {
    renderWith(LOADING_WALLET);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your wallet');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Connect your wallet to move money')).not.toBeInTheDocument();
  });

  it('say so when the wallet code could not load', () => {
    renderWith(DISCONNECTED_WALLET);
    expect(screen.getByRole('alert')).toHaveTextContent('Wallet connection is unavailable right now');
  });
});
