import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createQueryClient } from '~/lib/query-client';

/** A settings section inside the router and a fresh query client, as the page renders it; `/sign-in` shows "Sign-in page". */
export function renderSection(section: ReactNode, { at = '/settings' }: { at?: string } = {}) {
  const queryClient = createQueryClient();
  render(
    <MemoryRouter initialEntries={[at]}>
      <QueryClientProvider client={queryClient}>
        <Routes>
          <Route path="/settings" element={section} />
          <Route path="/sign-in" element={<p>Sign-in page</p>} />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), queryClient };
}
