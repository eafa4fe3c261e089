import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AuthClient from '~/lib/auth-client';
import { getSession } from '~/lib/auth-client';
import { listSessions } from '../api/account-settings-api';
import type * as SettingsApi from '../api/account-settings-api';
import { AccountSettingsView } from './account-settings-view';
import { renderSection } from './test-render';

vi.mock('~/lib/auth-client', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthClient>()),
  getSession: vi.fn(),
}));
vi.mock('../api/account-settings-api', async (importOriginal) => ({
  ...(await importOriginal<typeof SettingsApi>()),
  listSessions: vi.fn(),
}));

const signedIn = { user: { id: 'u1', email: 'ada@keel.test', name: 'Ada', emailVerified: true } };

function renderView(at: string) {
  return renderSection(<AccountSettingsView signInSecurity={<p>Two-step sign-in goes here</p>} />, { at });
}

describe('AccountSettingsView', () => {
  beforeEach(() => {
    vi.mocked(getSession).mockResolvedValue(signedIn);
    vi.mocked(listSessions).mockResolvedValue({ sessions: [] });
  });

  it('shows every section in order, with the sign-in protections after the devices', async () => {
    renderView('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      "Where you're signed in",
      'Email address',
      'Password',
      'Your data',
      'Close account',
    ]);
    expect(screen.getByText('Two-step sign-in goes here')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vault Dashboard' })).toHaveAttribute('href', '/vault-dashboard');
  });

  it('confirms an email change when the confirmation link lands here', async () => {
    renderView('/settings?email=changed');
    expect(
      await screen.findByText('Your email address is changed. Use the new one the next time you sign in.'),
    ).toBeInTheDocument();
  });

  it('says when the confirmation link had expired', async () => {
    renderView('/settings?email=changed&error=TOKEN_EXPIRED');
    expect(await screen.findByText(/That confirmation link has expired or was already used/)).toBeInTheDocument();
  });
});
