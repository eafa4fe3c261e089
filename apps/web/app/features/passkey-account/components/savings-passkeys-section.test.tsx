import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountPasskey, PasskeyAccount } from '@keel/core/passkey-account';
import type * as ApiClient from '~/lib/api-client';
import { createQueryClient } from '~/lib/query-client';
import { SavingsPasskeysSection } from './savings-passkeys-section';

const calls = vi.hoisted(() => ({ config: vi.fn(), account: vi.fn(), add: vi.fn(), remove: vi.fn() }));
vi.mock('~/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  api: { config: { $get: calls.config }, 'passkey-account': { $get: calls.account } },
}));
vi.mock('../add-account-passkey', () => ({ addAccountPasskey: calls.add, removeAccountPasskey: calls.remove }));

const jsonResponse = (body: unknown) => ({ ok: true, status: 200, json: async () => body });

function passkey(id: string, label: string, overrides: Partial<AccountPasskey> = {}): AccountPasskey {
  return {
    id,
    credentialId: `cred-${id}`,
    publicKeyX: `0x${'1'.repeat(64)}`,
    publicKeyY: `0x${'2'.repeat(64)}`,
    signer: `0x${id.padStart(40, '0')}`,
    label,
    createdAt: '2026-11-20T10:00:00.000Z',
    addedAt: '2026-11-20T10:00:00.000Z',
    removedAt: null,
    ...overrides,
  };
}

function account(passkeys: AccountPasskey[]): PasskeyAccount {
  return {
    address: '0x1234567890abcdef1234567890abcdef12345678',
    credentialId: 'cred-1',
    publicKeyX: `0x${'1'.repeat(64)}`,
    publicKeyY: `0x${'2'.repeat(64)}`,
    recoveryOwner: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
    verifier: (0x100n << 160n).toString(),
    createdAt: '2026-11-20T10:00:00.000Z',
    isDeployed: true,
    passkeys,
  };
}

function renderSection(passkeys: AccountPasskey[]) {
  calls.config.mockResolvedValue(
    jsonResponse({
      baseRpcUrl: 'http://127.0.0.1:8545',
      usdcAddress: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      chainId: 8453,
      chainConfirmations: 2,
      explorerUrl: 'https://basescan.org',
      passkeyAccount: { enabled: true, bundlerUrl: 'http://127.0.0.1:4337', chainId: 8453 },
    }),
  );
  calls.account.mockResolvedValue(jsonResponse({ account: account(passkeys) }));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SavingsPasskeysSection />
    </QueryClientProvider>,
  );
}

describe('Savings account passkeys', () => {
  beforeEach(() => {
    calls.add.mockReset();
    calls.remove.mockReset();
  });

  it('lists the passkeys the account has, with their devices and dates, and keeps the only one', async () => {
    renderSection([
      passkey('1', 'Chrome on macOS'),
      passkey('2', 'Safari on iOS', { addedAt: null }),
      passkey('3', 'Firefox on Linux', { removedAt: '2026-11-21T10:00:00.000Z' }),
    ]);
    const list = await screen.findByRole('list', { name: 'Savings account passkeys' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('Chrome on macOS')).toBeInTheDocument();
    expect(within(list).getByText(/^Added /)).toBeInTheDocument();
    const remove = within(list).getByRole('button', { name: 'Remove Chrome on macOS' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(/only passkey.*Add another one first/);
  });

  it('removes a lost passkey only after the saver confirms, and shows the list Base confirms', async () => {
    const lost = passkey('1', 'Chrome on macOS');
    const kept = passkey('2', 'Safari on iOS');
    renderSection([lost, kept]);
    calls.remove.mockResolvedValue(account([{ ...lost, removedAt: '2026-11-22T10:00:00.000Z' }, kept]));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Chrome on macOS' }));
    expect(calls.remove).not.toHaveBeenCalled();
    const confirm = screen.getByRole('group', { name: 'Remove Chrome on macOS?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, remove it' }));
    expect(calls.remove).toHaveBeenCalledWith(expect.objectContaining({ signer: lost.signer }));
    const list = screen.getByRole('list', { name: 'Savings account passkeys' });
    await vi.waitFor(() => expect(within(list).queryByText('Chrome on macOS')).not.toBeInTheDocument());
    expect(within(list).getByRole('button', { name: 'Remove Safari on iOS' })).toBeDisabled();
  });

  it('says plainly when adding a passkey did not work', async () => {
    renderSection([passkey('1', 'Chrome on macOS')]);
    calls.add.mockRejectedValue(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey on this device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/cancelled or timed out/);
    expect(screen.getByRole('button', { name: 'Add a passkey on this device' })).toBeEnabled();
  });
});
