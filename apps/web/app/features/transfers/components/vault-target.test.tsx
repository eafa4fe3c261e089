import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { VAULT_CONFIG_KEYS, findVault } from '@keel/core/vaults';
import type * as ApiClient from '~/lib/api-client';
import { publicConfigQueryOptions } from '~/lib/public-config';
import { createQueryClient } from '~/lib/query-client';
import { VAULT_STATUSES_QUERY_KEY } from '~/lib/query-keys';
import { useVaultTarget } from './transfer-dialog-parts';

const ADDRESS = '0x00000000000000000000000000000000000000ec';
const statuses = vi.hoisted(() => ({ read: (): Promise<unknown> => new Promise<never>(() => {}) }));
vi.mock('~/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  readJson: () => statuses.read(),
}));

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

  it('is neither once the server could not be asked: nothing is sent, and the form says it could not check', async () => {
    statuses.read = () => Promise.reject(new Error('offline'));
    const { result } = renderTarget(() => {});
    await waitFor(() => expect(result.current.isLoading).toBe(false), { timeout: 10_000 });
    expect(result.current).toMatchObject({ isAvailable: false, isUnavailable: false });
  });
});
