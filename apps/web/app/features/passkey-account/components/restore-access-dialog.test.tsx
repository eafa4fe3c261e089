import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PasskeyAccount } from '@keel/core/passkey-account';
import { createQueryClient } from '~/lib/query-client';
import { createRecoveryKit, recoveryKitText } from '../recovery-kit';
import { RestoreAccessDialog } from './restore-access-dialog';

const calls = vi.hoisted(() => ({ add: vi.fn() }));
vi.mock('../add-account-passkey', () => ({ addAccountPasskey: calls.add }));

const kit = createRecoveryKit();
const ACCOUNT: PasskeyAccount = {
  address: '0x1234567890abcdef1234567890abcdef12345678',
  credentialId: 'cred-1',
  publicKeyX: `0x${'1'.repeat(64)}`,
  publicKeyY: `0x${'2'.repeat(64)}`,
  recoveryOwner: kit.address.toLowerCase() as `0x${string}`,
  verifier: (0x100n << 160n).toString(),
  createdAt: '2026-11-20T10:00:00.000Z',
  isDeployed: true,
  passkeys: [],
};
const SETTINGS = { rpcUrl: 'http://127.0.0.1:8545', bundlerUrl: 'http://127.0.0.1:4337', chainId: 8453, confirmations: 1 };

function renderDialog() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RestoreAccessDialog open onOpenChange={() => undefined} account={ACCOUNT} settings={SETTINGS} />
    </QueryClientProvider>,
  );
}

describe('Restoring access with the recovery kit', () => {
  beforeEach(() => {
    calls.add.mockReset();
  });

  it('refuses another account’s key before any passkey is made', async () => {
    renderDialog();
    await userEvent.type(screen.getByLabelText('Your recovery key'), createRecoveryKit().privateKey);
    await userEvent.click(screen.getByRole('button', { name: 'Restore access' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/belongs to another savings account/);
    expect(calls.add).not.toHaveBeenCalled();
  });

  it('reads the kit file, adds a passkey approved by the recovery key, and says access is back', async () => {
    renderDialog();
    calls.add.mockResolvedValue(ACCOUNT);
    const file = new File([recoveryKitText(kit, ACCOUNT.address)], 'keel-recovery-kit.txt', { type: 'text/plain' });
    await userEvent.upload(screen.getByLabelText('Or choose your recovery kit file'), file);
    await vi.waitFor(() => expect(screen.getByLabelText('Your recovery key')).not.toHaveValue(''));
    await userEvent.click(screen.getByRole('button', { name: 'Restore access' }));
    expect(await screen.findByRole('heading', { name: 'Access restored' })).toBeInTheDocument();
    expect(calls.add).toHaveBeenCalledWith(
      expect.objectContaining({ recoveryKey: kit.privateKey.toLowerCase(), account: ACCOUNT }),
    );
  });
});
