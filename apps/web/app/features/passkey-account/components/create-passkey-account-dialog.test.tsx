import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PasskeyAccount, PasskeyChallenge } from '@keel/core/passkey-account';
import { ApiError } from '~/lib/api-client';
import { createQueryClient } from '~/lib/query-client';
import type { RegistrationCredential } from '../webauthn';
import { CreatePasskeyAccountDialog } from './create-passkey-account-dialog';

const api = vi.hoisted(() => ({ requestPasskeyChallenge: vi.fn(), registerPasskeyAccount: vi.fn() }));
vi.mock('../api/passkey-account', () => api);

const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const KEY_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const CHALLENGE: PasskeyChallenge = {
  challenge: 'c2VydmVyLWNoYWxsZW5nZQ',
  rp: { id: 'localhost', name: 'Keel' },
  user: { id: 'dXNlcg', name: 'saver@keel.test', displayName: 'Keel savings account (saver@keel.test)' },
  expiresAt: '2026-11-28T21:00:00.000Z',
};

const CREDENTIAL: RegistrationCredential = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
  clientExtensionResults: {},
};

const ACCOUNT: PasskeyAccount = {
  address: '0x1234567890abcdef1234567890abcdef12345678',
  credentialId: 'Y3JlZA',
  publicKeyX: `0x${'1'.repeat(64)}`,
  publicKeyY: `0x${'2'.repeat(64)}`,
  recoveryOwner: KEY_ADDRESS.toLowerCase() as `0x${string}`,
  verifier: (0x100n << 160n).toString(),
  createdAt: '2026-11-28T20:00:00.000Z',
  isDeployed: false,
  passkeys: [],
};

type CreateCredential = (challenge: PasskeyChallenge) => Promise<RegistrationCredential>;

function renderDialog(createCredential = vi.fn<CreateCredential>(async () => CREDENTIAL)) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CreatePasskeyAccountDialog
        open
        onOpenChange={() => undefined}
        createCredential={createCredential}
        generateKey={() => KEY}
      />
    </QueryClientProvider>,
  );
  return { createCredential, user: userEvent.setup() };
}

async function reachKit(user: ReturnType<typeof userEvent.setup>) {
  expect(screen.getByText(/Keel cannot move your money/)).toBeInTheDocument();
  expect(screen.getByText(/Keel pays the network fee when you save/)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('heading', { name: 'Keep your recovery kit' })).toBeInTheDocument();
}

const confirmField = () => screen.getByLabelText(/type the last 6 characters of your recovery key/i);
const createButton = () => screen.getByRole('button', { name: 'Create my savings account' });

describe('CreatePasskeyAccountDialog', () => {
  beforeEach(() => {
    api.requestPasskeyChallenge.mockReset().mockResolvedValue(CHALLENGE);
    api.registerPasskeyAccount.mockReset().mockResolvedValue(ACCOUNT);
  });

  it('shows the recovery kit before anything is created, and creates nothing until the saver types its end back', async () => {
    const { user, createCredential } = renderDialog();
    await reachKit(user);
    expect(screen.getByTestId('recovery-key')).toHaveTextContent(KEY);
    expect(await screen.findByRole('img', { name: 'QR code of your recovery key' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(screen.getByRole('button', { name: 'Download the kit' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Print the kit' })).toBeEnabled();

    expect(createButton()).toBeDisabled();
    await user.type(confirmField(), '59c699');
    expect(createButton()).toBeDisabled();
    await user.clear(confirmField());
    await user.type(confirmField(), '78690D');
    expect(createButton()).toBeEnabled();
    expect(screen.getByText('That matches your recovery key.')).toBeInTheDocument();
    expect(api.requestPasskeyChallenge).not.toHaveBeenCalled();
    expect(createCredential).not.toHaveBeenCalled();
  });

  it('creates the passkey with the server’s challenge, sends only the recovery key’s address, and shows the account at once', async () => {
    const { user, createCredential } = renderDialog();
    await reachKit(user);
    await user.type(confirmField(), '78690d');
    await user.click(createButton());

    expect(await screen.findByRole('heading', { name: 'Your savings account is ready' })).toBeInTheDocument();
    expect(screen.getByTestId('passkey-account-address')).toHaveTextContent(ACCOUNT.address);
    expect(createCredential).toHaveBeenCalledWith(CHALLENGE);
    expect(api.registerPasskeyAccount).toHaveBeenCalledWith({ credential: CREDENTIAL, recoveryOwner: KEY_ADDRESS });
    // The recovery key itself never goes to Keel.
    expect(JSON.stringify(api.registerPasskeyAccount.mock.calls)).not.toContain(KEY.slice(2));
    expect(screen.getByRole('button', { name: 'Download the complete kit' })).toBeInTheDocument();
  });

  it('keeps the same kit after a cancelled passkey prompt, says so, and lets the saver try again', async () => {
    const createCredential = vi
      .fn<CreateCredential>()
      .mockRejectedValueOnce(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'))
      .mockResolvedValueOnce(CREDENTIAL);
    const { user } = renderDialog(createCredential);
    await reachKit(user);
    await user.type(confirmField(), '78690d');
    await user.click(createButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(/No passkey was created: the request was cancelled or timed out/);
    expect(screen.getByTestId('recovery-key')).toHaveTextContent(KEY);
    expect(api.registerPasskeyAccount).not.toHaveBeenCalled();

    await user.click(createButton());
    expect(await screen.findByRole('heading', { name: 'Your savings account is ready' })).toBeInTheDocument();
  });

  it('shows the server’s refusal in plain words', async () => {
    api.registerPasskeyAccount.mockRejectedValue(
      new ApiError(400, 'BAD_REQUEST', 'Your passkey could not be verified. Please try again.'),
    );
    const { user } = renderDialog();
    await reachKit(user);
    await user.type(confirmField(), '78690d');
    await user.click(createButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your passkey could not be verified. Please try again.');
    await waitFor(() => expect(createButton()).toBeEnabled());
  });
});
