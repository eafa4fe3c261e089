import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_SECURITY_MESSAGES } from '@keel/core/auth-messages';
import { ApiError } from '~/lib/api-client';
import type * as authClient from '~/lib/auth-client';
import { verifyBackupCode, verifyTwoStepCode } from '~/lib/auth-client';
import { TwoStepSignInScreen } from './two-step-sign-in-screen';

vi.mock('~/lib/auth-client', async (importOriginal) => ({
  ...(await importOriginal<typeof authClient>()),
  verifyTwoStepCode: vi.fn(),
  verifyBackupCode: vi.fn(),
}));

const user = { id: 'u1', email: 'ada@keel.test', name: 'Ada Lovelace', emailVerified: true };

function renderScreen(entry = '/sign-in/two-step?next=%2Fperformance') {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/sign-in/two-step" element={<TwoStepSignInScreen />} />
          <Route path="/performance" element={<p>Performance page</p>} />
          <Route path="/sign-in" element={<p>Sign-in page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('TwoStepSignInScreen', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('sends the six digits and goes on to the page the saver asked for', async () => {
    vi.mocked(verifyTwoStepCode).mockResolvedValue({ user });
    const person = renderScreen();
    await person.type(screen.getByLabelText('Code from your authenticator app'), '123 456');
    await person.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Performance page')).toBeInTheDocument();
    expect(verifyTwoStepCode).toHaveBeenCalledWith('123456');
  });

  it('asks for six digits before sending anything', async () => {
    const person = renderScreen();
    await person.type(screen.getByLabelText('Code from your authenticator app'), '12');
    await person.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(ACCOUNT_SECURITY_MESSAGES.enterCode)).toBeInTheDocument();
    expect(verifyTwoStepCode).not.toHaveBeenCalled();
  });

  it('takes a backup code instead', async () => {
    vi.mocked(verifyBackupCode).mockResolvedValue({ user });
    const person = renderScreen();
    await person.click(screen.getByRole('button', { name: 'Use a backup code instead' }));
    await person.type(screen.getByLabelText('Backup code'), 'ABCDE-12345');
    await person.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Performance page')).toBeInTheDocument();
    expect(verifyBackupCode).toHaveBeenCalledWith('ABCDE-12345');
  });

  it('shows the server’s words for a wrong code, and a way back when the sign-in has expired', async () => {
    vi.mocked(verifyTwoStepCode)
      .mockRejectedValueOnce(new ApiError(401, 'INVALID_CODE', ACCOUNT_SECURITY_MESSAGES.wrongCode))
      .mockRejectedValueOnce(new ApiError(401, 'INVALID_TWO_FACTOR_COOKIE', ACCOUNT_SECURITY_MESSAGES.twoStepExpired));
    const person = renderScreen();
    const field = screen.getByLabelText('Code from your authenticator app');
    await person.type(field, '000000');
    await person.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(ACCOUNT_SECURITY_MESSAGES.wrongCode)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in again' })).not.toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(ACCOUNT_SECURITY_MESSAGES.twoStepExpired)).toBeInTheDocument();
    await person.click(screen.getByRole('link', { name: 'Sign in again' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
  });
});
