import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { getQueryClient } from '~/lib/query-client';

/** TanStack Query for the routes that talk to the server (accounts, signed-in pages). */
export default function QueryProviderLayout() {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <Outlet />
    </QueryClientProvider>
  );
}
