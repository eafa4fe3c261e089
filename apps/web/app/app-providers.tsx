import type { ReactNode } from 'react';
import { LazyToaster } from '~/components/lazy-toaster';

/**
 * App-wide providers kept tiny on purpose: this runs on every prerendered page.
 * Data fetching (TanStack Query) is provided by layouts/query-provider.tsx only
 * around the routes that fetch.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <LazyToaster />
    </>
  );
}
