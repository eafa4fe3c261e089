import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '~/lib/api-client';
import { createQueryClient } from '~/lib/query-client';
import { DemoUsdcButton } from '../demo/demo-usdc-button';
import { AddMoney } from './add-money';

const mintDemoUsdc = vi.hoisted(() => vi.fn());
vi.mock('../demo/mint-demo-usdc', () => ({ mintDemoUsdc }));

const api = vi.hoisted(() => ({ getAddresses: vi.fn(), postSession: vi.fn(), getConfig: vi.fn() }));
vi.mock('~/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  api: {
    'money-in': { addresses: { $get: api.getAddresses }, 'onramp-session': { $post: api.postSession } },
    config: { $get: api.getConfig },
  },
}));

const WALLET = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const PAGE = 'https://pay.coinbase.com/buy/select-asset?sessionToken=t1&defaultNetwork=base&defaultAsset=USDC';
const ok = (body: unknown) => ({ ok: true, status: 200, json: async () => body });

function renderPage(createSavingsAccount?: ReactNode) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <AddMoney createSavingsAccount={createSavingsAccount} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('AddMoney', () => {
  beforeEach(() => {
    api.getAddresses
      .mockReset()
      .mockResolvedValue(ok({ chainId: 8453, addresses: [{ kind: 'linked-wallet', address: WALLET, usdc: '0' }] }));
    api.getConfig.mockReset().mockResolvedValue(ok({ onrampEnabled: false }));
    api.postSession.mockReset().mockResolvedValue(ok({ url: PAGE }));
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the address in full with its QR code, the network named plainly and the one warning', async () => {
    renderPage();
    const card = await screen.findByTestId('saving-address-card');
    expect(within(card).getByRole('heading', { name: 'Your linked wallet' })).toBeInTheDocument();
    expect(within(card).getByTestId('saving-address')).toHaveTextContent(WALLET);
    expect(within(card).getByTestId('saving-address-network')).toHaveTextContent('Base (chain 8453)');
    const qr = within(card).getByRole('img', { name: 'QR code of your linked wallet’s address' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByRole('note')).toHaveTextContent(
      'Send only USDC on Base. Other tokens, or USDC on another network, can be lost.',
    );
    expect(screen.getByRole('link', { name: 'How to send USDC on Base from an exchange' })).toHaveAttribute(
      'href',
      '/articles/send-usdc-on-base',
    );
  });

  it('copies the full address', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Copy address' }));
    expect(await navigator.clipboard.readText()).toBe(WALLET);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('shows buying with a card disabled, with the reason, when the server has no onramp', async () => {
    renderPage();
    await screen.findByText(/Coinbase Onramp is not configured/);
    const button = screen.getByRole('button', { name: 'Buy USDC with a card or bank' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'Buying with a card or bank is unavailable: Coinbase Onramp is not configured on this server.',
    );
  });

  it("opens Coinbase's page with the server's session for this address", async () => {
    api.getConfig.mockResolvedValue(ok({ onrampEnabled: true }));
    const tab = { opener: {}, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const user = userEvent.setup();
    renderPage();
    const button = await screen.findByRole('button', { name: 'Buy USDC with a card or bank' });
    await vi.waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    await vi.waitFor(() => expect(tab.location.href).toBe(PAGE));
    expect(tab.opener).toBeNull();
    expect(api.postSession).toHaveBeenCalledWith({ json: { address: WALLET } });
  });

  it('asks for a linked wallet, or offers a savings account, when there is no address to show yet', async () => {
    api.getAddresses.mockResolvedValue(ok({ chainId: 8453, addresses: [] }));
    renderPage(<button type="button">Create a savings account with a passkey</button>);
    expect(await screen.findByText('Link a wallet first')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Link a wallet' })).toHaveAttribute('href', '/vault-dashboard');
    expect(screen.getByRole('button', { name: 'Create a savings account with a passkey' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toBeInTheDocument();
  });

  it('names the passkey savings account, and offers no demo USDC outside the demo build', async () => {
    api.getAddresses.mockResolvedValue(
      ok({ chainId: 8453, addresses: [{ kind: 'savings-account', address: WALLET, usdc: '0' }] }),
    );
    renderPage();
    const card = await screen.findByTestId('saving-address-card');
    expect(within(card).getByRole('heading', { name: 'Your savings account' })).toBeInTheDocument();
    expect(within(card).getByText(/control with your passkey/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Get 1,000 demo USDC' })).not.toBeInTheDocument();
  });
});

describe('DemoUsdcButton (the demo build)', () => {
  const DEMO_KEY = `0x${'59'.repeat(32)}` as const;
  const USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
  function renderButton() {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <DemoUsdcButton address={WALLET} demoKey={DEMO_KEY} />
      </QueryClientProvider>,
    );
  }
  beforeEach(() => {
    api.getConfig.mockReset().mockResolvedValue(ok({ baseRpcUrl: 'http://127.0.0.1:8545', usdcAddress: USDC }));
    mintDemoUsdc.mockReset().mockResolvedValue(`0x${'ab'.repeat(32)}`);
  });

  it('mints 1,000 demo USDC to the account with the demo key, and says it arrived', async () => {
    const user = userEvent.setup();
    renderButton();
    const button = await screen.findByRole('button', { name: 'Get 1,000 demo USDC' });
    await vi.waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByText('1,000 demo USDC arrived. It is play money on the demo chain.')).toBeInTheDocument();
    expect(mintDemoUsdc).toHaveBeenCalledWith({ rpcUrl: 'http://127.0.0.1:8545', usdc: USDC, to: WALLET, privateKey: DEMO_KEY });
  });

  it('says so when the demo chain refuses', async () => {
    mintDemoUsdc.mockRejectedValue(new Error('refused'));
    const user = userEvent.setup();
    renderButton();
    const button = await screen.findByRole('button', { name: 'Get 1,000 demo USDC' });
    await vi.waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByText('The demo USDC could not be sent. Please try again.')).toBeInTheDocument();
  });
});
