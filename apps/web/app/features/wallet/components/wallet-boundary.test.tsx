import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '~/lib/api-client';
import { createQueryClient } from '~/lib/query-client';
import { DISCONNECTED_WALLET, useWalletState, type WalletState } from '~/lib/wallet-state';
import { WalletBoundary } from './wallet-boundary';

const control = vi.hoisted(() => {
  /** The wallet runtime's dynamic import finishes when the test releases it. */
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { getConfig: vi.fn(), released, release: () => release() };
});

vi.mock('~/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  api: { config: { $get: control.getConfig } },
}));

const CONNECTED: WalletState = {
  ...DISCONNECTED_WALLET,
  isAvailable: true,
  status: 'connected',
  address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  chainId: 8453,
  linkStatus: 'linked',
};

// The real runtime needs wagmi and a browser wallet; this one reports a connected, linked wallet.
vi.mock('./wallet-runtime', async () => {
  await control.released;
  function WalletStatePublisher({ onState }: { baseRpcUrl: string; onState: (state: WalletState) => void }) {
    useEffect(() => onState(CONNECTED), [onState]);
    return null;
  }
  return {
    default: ({ children }: { children: ReactNode }) => children,
    WalletStatePublisher,
  };
});

let mounts = 0;

function Page() {
  const wallet = useWalletState();
  const mounted = useRef(false);
  useEffect(() => {
    if (!mounted.current) mounts += 1;
    mounted.current = true;
  }, []);
  return (
    <>
      <h1>Welcome Back</h1>
      <p data-testid="wallet">{wallet.isLoading ? 'loading' : `${wallet.status} ${String(wallet.isAvailable)}`}</p>
    </>
  );
}

describe('WalletBoundary contentFirst (the dashboard)', () => {
  beforeEach(() => {
    mounts = 0;
    control.getConfig.mockResolvedValue({ ok: true, status: 200, json: async () => ({ baseRpcUrl: 'http://127.0.0.1:8545' }) });
  });

  it('shows the page at once with a loading wallet, then the wallet, without mounting the page again', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <WalletBoundary contentFirst>
          <Page />
        </WalletBoundary>
      </QueryClientProvider>,
    );
    // Before the configuration or the wallet code has arrived.
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByTestId('wallet')).toHaveTextContent('loading');
    const heading = screen.getByRole('heading', { name: 'Welcome Back' });

    await waitFor(() => expect(control.getConfig).toHaveBeenCalled());
    control.release();
    await waitFor(() => expect(screen.getByTestId('wallet')).toHaveTextContent('connected true'));
    // The same element: the page was not replaced when the wallet arrived.
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBe(heading);
    expect(mounts).toBe(1);
  });

  it('leaves the page without a wallet (not loading forever) when the configuration cannot be read', async () => {
    control.getConfig.mockResolvedValue({ ok: false, status: 503, json: async () => ({}) });
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { retry: false } });
    render(
      <QueryClientProvider client={client}>
        <WalletBoundary contentFirst>
          <Page />
        </WalletBoundary>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('wallet')).toHaveTextContent('disconnected false'));
  });
});
