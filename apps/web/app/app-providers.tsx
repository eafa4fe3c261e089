import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_VISIBLE_MAX } from '@keel/core/constants';
import { createQueryClient } from '~/lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster duration={TOAST_DURATION_MS} visibleToasts={TOAST_VISIBLE_MAX} richColors closeButton position="top-right" />
    </QueryClientProvider>
  );
}
