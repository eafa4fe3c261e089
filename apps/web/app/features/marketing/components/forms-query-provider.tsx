import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { getQueryClient } from '~/lib/query-client';

/**
 * The public pages have no app-wide QueryClient (docs/decisions/002): each form
 * brings the shared client with it, so TanStack Query loads only with a form.
 */
export function FormsQueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}
