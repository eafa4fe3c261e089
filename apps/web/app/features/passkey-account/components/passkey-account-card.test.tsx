import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '~/lib/api-client';
import { createQueryClient } from '~/lib/query-client';
import { rememberPasskeyOnThisDevice } from '../this-device';
import { PASSKEYS_MARK } from '~/lib/early-requests';
import { CreatePasskeyAccountButton, PasskeyAccountCard } from './passkey-account-card';

const calls = vi.hoisted(() => ({ config: vi.fn(), account: vi.fn(), balance: vi.fn() }));
vi.mock('~/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  api: { config: { $get: calls.config }, 'passkey-account': { $get: calls.account } },
}));
vi.mock('../chain/read-usdc-balance', () => ({ readUsdcBalance: calls.balance }));

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678';
const ACCOUNT = {
  address: ADDRESS,
  credentialId: 'Y3JlZA',
  publicKeyX: `0x${'1'.repeat(64)}`,
  publicKeyY: `0x${'2'.repeat(64)}`,
  recoveryOwner: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  verifier: (0x100n << 160n).toString(),
  createdAt: '2026-11-28T20:00:00.000Z',
  isDeployed: false,
  passkeys: [],
};

function jsonResponse(body: unknown) {
  return { ok: true, status: 200, json: async () => body };
}

function config(enabled: boolean) {
  return jsonResponse({
    baseRpcUrl: 'http://127.0.0.1:8545',
    usdcAddress: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
    chainId: 8453,
    chainConfirmations: 2,
    explorerUrl: 'https://basescan.org',
    passkeyAccount: { enabled, bundlerUrl: enabled ? 'http://127.0.0.1:4337' : null, chainId: 8453 },
  });
}

function renderCard() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PasskeyAccountCard />
    </QueryClientProvider>,
  );
}

describe('PasskeyAccountCard', () => {
  beforeEach(() => {
    calls.config.mockReset();
    calls.account.mockReset();
    calls.balance.mockReset().mockResolvedValue(12_500_000n);
  });

  it('invites the saver to create one where Keel offers it', async () => {
    calls.config.mockResolvedValue(config(true));
    calls.account.mockResolvedValue(jsonResponse({ account: null }));
    renderCard();
    expect(await screen.findByRole('button', { name: 'Create a savings account with a passkey' })).toBeInTheDocument();
  });

  it('shows the account’s address and the USDC ready to deposit', async () => {
    calls.config.mockResolvedValue(config(true));
    calls.account.mockResolvedValue(jsonResponse({ account: ACCOUNT }));
    renderCard();
    expect(await screen.findByTestId('passkey-account-address')).toHaveTextContent(ADDRESS);
    expect(await screen.findByTestId('passkey-account-ready')).toHaveTextContent('$12.50');
    expect(screen.getByText('Ready to deposit')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send USDC' })).toBeInTheDocument();
    expect(screen.getByText(/becomes active on Base with your first deposit/)).toBeInTheDocument();
    // This browser made no passkey for the account: the recovery kit is offered.
    expect(await screen.findByRole('button', { name: 'Restore access with your recovery kit' })).toBeInTheDocument();
  });

  it('does not offer the recovery kit on the device that made the account’s passkey', async () => {
    rememberPasskeyOnThisDevice(ADDRESS);
    calls.config.mockResolvedValue(config(true));
    calls.account.mockResolvedValue(jsonResponse({ account: { ...ACCOUNT, isDeployed: true } }));
    renderCard();
    expect(await screen.findByTestId('passkey-account-address')).toHaveTextContent(ADDRESS);
    expect(screen.queryByRole('button', { name: 'Restore access with your recovery kit' })).not.toBeInTheDocument();
    window.localStorage.clear();
  });

  it('shows nothing where passkey accounts are off', async () => {
    calls.config.mockResolvedValue(config(false));
    renderCard();
    await vi.waitFor(() => expect(calls.config).toHaveBeenCalled());
    expect(screen.queryByTestId('passkey-account-card')).not.toBeInTheDocument();
    expect(calls.account).not.toHaveBeenCalled();
  });
});

describe('CreatePasskeyAccountButton (the first-run checklist and Add money)', () => {
  const NAME = 'Create a savings account with a passkey';
  function renderButton(props: { inFrame?: boolean } = {}) {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CreatePasskeyAccountButton variant="outline" {...props} />
      </QueryClientProvider>,
    );
  }

  beforeEach(() => {
    calls.config.mockReset();
    document.documentElement.removeAttribute(PASSKEYS_MARK);
  });

  it('is there from the first render when the head script marked passkeys on, and stays once the configuration agrees', async () => {
    document.documentElement.setAttribute(PASSKEYS_MARK, 'on');
    let answer: (value: unknown) => void = () => {};
    calls.config.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderButton();
    expect(screen.getByRole('button', { name: NAME })).toBeInTheDocument();
    answer(config(true));
    expect(await screen.findByRole('button', { name: NAME })).toBeInTheDocument();
  });

  it('is absent while loading without the mark, and absent where the server has passkey accounts off', async () => {
    calls.config.mockResolvedValue(config(false));
    renderButton();
    expect(screen.queryByRole('button', { name: NAME })).toBeNull();
    await vi.waitFor(() => expect(calls.config).toHaveBeenCalled());
    // The answer (passkey accounts off) is in once the queued work has run.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: NAME })).toBeNull();
  });

  it('in the prerendered frame: always in the HTML, marked for app.css, and asks the server nothing', () => {
    renderButton({ inFrame: true });
    expect(screen.getByRole('button', { name: NAME })).toHaveAttribute('data-frame-passkeys', '');
    expect(calls.config).not.toHaveBeenCalled();
  });
});
