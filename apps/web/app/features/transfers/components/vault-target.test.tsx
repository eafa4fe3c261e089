import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { VAULT_CONFIG_KEYS, findVault } from '@keel/core/vaults';
import { publicConfigQueryOptions } from '~/lib/public-config';
import { createQueryClient } from '~/lib/query-client';
import { VAULT_STATUSES_QUERY_KEY } from '~/lib/query-keys';
import type * as VaultStatuses from '~/lib/vault-statuses';
import type { VaultStatus } from '~/lib/vault-statuses';
import { useVaultTarget } from './transfer-dialog-parts';

const ADDRESS = '0x00000000000000000000000000000000000000ec';
const statuses = vi.hoisted(() => ({ read: (): Promise<unknown> => new Promise<never>(() => {}) }));
// GET /api/vaults answers what each test says (without retries, which only add waiting here).
vi.mock('~/lib/vault-statuses', async (importOriginal) => {
  const original = await importOriginal<typeof VaultStatuses>();
  return {
    ...original,
    vaultStatusesQueryOptions: () => ({
      ...original.vaultStatusesQueryOptions(),
      queryFn: () => statuses.read() as Promise<VaultStatus[]>,
      retry: false,
    }),
  };
});

function renderTarget(seed: (client: ReturnType<typeof createQueryClient>) => void) {
  const client = createQueryClient();
  client.setQueryData(publicConfigQueryOptions().queryKey, {
    vaults: { [VAULT_CONFIG_KEYS['everyday-cash']]: ADDRESS },
  } as never);
  seed(client);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useVaultTarget(findVault('everyday-cash')), { wrapper });
}

describe('useVaultTarget: the vault a transfer is sent to', () => {
  it('is loading, with no address to send to, while the server is still asked which vaults it verified', () => {
    const { result } = renderTarget(() => {});
    expect(result.current).toMatchObject({ address: ADDRESS, isAvailable: false, isUnavailable: false, isLoading: true });
  });

  it('is available once the server verified it, and named unavailable once the server says so', () => {
    const available = renderTarget((client) =>
      client.setQueryData(VAULT_STATUSES_QUERY_KEY, [{ id: 'everyday-cash', available: true }] as never),
    );
    expect(available.result.current).toMatchObject({ isAvailable: true, isUnavailable: false, isLoading: false });
    const unavailable = renderTarget((client) =>
      client.setQueryData(VAULT_STATUSES_QUERY_KEY, [{ id: 'everyday-cash', available: false }] as never),
    );
    expect(unavailable.result.current).toMatchObject({ isAvailable: false, isUnavailable: true, isLoading: false });
  });

  it('is neither once the server could not be asked: nothing is sent, and asked again it can be', async () => {
    statuses.read = () => Promise.reject(new Error('offline'));
    const { result } = renderTarget(() => {});
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current).toMatchObject({ isAvailable: false, isUnavailable: false });

    // Asked again (Confirm pressed): loading while the new answer comes, then available.
    let answer: (value: unknown) => void = () => {};
    statuses.read = () => new Promise((resolve) => (answer = resolve));
    act(() => result.current.recheck());
    await waitFor(() => expect(result.current.isLoading).toBe(true));
    act(() => answer([{ id: 'everyday-cash', available: true }]));
    await waitFor(() => expect(result.current).toMatchObject({ isAvailable: true, isLoading: false }));
  });
});
