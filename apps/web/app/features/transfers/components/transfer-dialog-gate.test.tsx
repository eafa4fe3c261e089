import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { PasskeyAccount } from '@keel/core/passkey-account';
import { PASSKEY_ACCOUNT_QUERY_KEY } from '~/lib/passkey-account-query';
import { publicConfigQueryOptions } from '~/lib/public-config';
import { createQueryClient } from '~/lib/query-client';
import { DISCONNECTED_WALLET, LOADING_WALLET, WalletStateContext, type WalletState } from '~/lib/wallet-state';
import type { TransferKind } from '@keel/core/transfer-rules';
import { TransferDialog } from './transfer-dialog';

// The forms read Base through wagmi; here only which account they were given matters.
vi.mock('./deposit-form', () => ({
  default: ({ account, passkey }: { account: string; passkey: PasskeyAccount | null }) => (
    <p>{`Deposit form for ${account} (${passkey ? 'passkey account' : 'wallet'})`}</p>
  ),
}));

const WALLET = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const PASSKEY: PasskeyAccount = {
  address: '0x1234567890abcdef1234567890abcdef12345678',
  credentialId: 'Y3JlZA',
  publicKeyX: `0x${'1'.repeat(64)}`,
  publicKeyY: `0x${'2'.repeat(64)}`,
  recoveryOwner: WALLET,
  verifier: (0x100n << 160n).toString(),
  createdAt: '2026-11-28T20:00:00.000Z',
  isDeployed: true,
  passkeys: [],
};

function renderWith(wallet: WalletState, kind: TransferKind = 'deposit', passkey: PasskeyAccount | null = null) {
  const client = createQueryClient();
  if (passkey) {
    client.setQueryData(publicConfigQueryOptions().queryKey, {
      passkeyAccount: { enabled: true, bundlerUrl: 'http://127.0.0.1:4337', chainId: 8453 },
    } as never);
    client.setQueryData(PASSKEY_ACCOUNT_QUERY_KEY, passkey);
  }
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
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

  it('move money with the passkey account when no wallet is connected, with no wallet to connect', async () => {
    renderWith({ ...DISCONNECTED_WALLET, isAvailable: true }, 'deposit', PASSKEY);
    expect(screen.getByRole('dialog', { name: 'Deposit USDC' })).toHaveAccessibleDescription(
      'Choose a vault and an amount to deposit from your savings account.',
    );
    expect(await screen.findByText(`Deposit form for ${PASSKEY.address} (passkey account)`)).toBeInTheDocument();
    expect(screen.queryByText('Connect your wallet to move money')).not.toBeInTheDocument();
  });

  it('keep to the linked wallet when one is connected, even with a passkey account', async () => {
    renderWith(
      { ...DISCONNECTED_WALLET, isAvailable: true, status: 'connected', address: WALLET, chainId: 8453, linkStatus: 'linked' },
      'deposit',
      PASSKEY,
    );
    expect(await screen.findByText(`Deposit form for ${WALLET} (wallet)`)).toBeInTheDocument();
  });
});
