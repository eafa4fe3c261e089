import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@keel/core/paths';
import { getSession, signOutEverywhere } from '~/lib/auth-client';
import { dropEarlyResponses } from '~/lib/early-requests';

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/** localStorage item the wallet panel keeps; removed on sign-out. */
export const CONNECTED_WALLET_STORAGE_KEY = 'connectedWallet';

export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: getSession,
  // Always re-checked when a screen mounts: a session can end on another device.
  staleTime: 0,
});

export type SessionState = { user: { id: string; email: string; name: string } | null; isLoading: boolean };

/** The signed-in user (or null) and whether the first check is still running. */
export function useSession(): SessionState {
  const query = useQuery(sessionQueryOptions);
  const found = query.data?.user;
  return {
    user: found ? { id: found.id, email: found.email, name: found.name } : null,
    isLoading: query.isPending && query.fetchStatus !== 'idle',
  };
}

/**
 * What an account leaves in this browser besides its session: every cached query
 * and the remembered wallet. Dropped before a new sign-in and on sign-out.
 */
export function forgetAccountState(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
  dropEarlyResponses();
  try {
    window.localStorage.removeItem(CONNECTED_WALLET_STORAGE_KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
}

/**
 * Signs out everywhere (global scope), forgets the wallet and every cached
 * query, then goes to /sign-in. A failed call still clears the local state.
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await endSession(queryClient);
    await navigate(paths.signIn, { replace: true });
  }, [queryClient, navigate]);
}

/** Sign-out without the navigation: the server call, then this browser's account state. */
export async function endSession(queryClient: QueryClient): Promise<void> {
  try {
    await signOutEverywhere();
  } catch {
    // The cookie may already be gone; the local state is cleared regardless.
  }
  // The session stays in the cache as "nobody", so the pages still mounted see
  // the sign-out (and do not refetch a stale user).
  forgetAccountState(queryClient);
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
}
