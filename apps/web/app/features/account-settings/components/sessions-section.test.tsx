import type { AccountSession } from '@keel/core/account-settings';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listSessions, revokeOtherSessions, revokeSession } from '../api/account-settings-api';
import type * as SettingsApi from '../api/account-settings-api';
import { SessionsSection } from './sessions-section';
import { renderSection } from './test-render';

vi.mock('../api/account-settings-api', async (importOriginal) => ({
  ...(await importOriginal<typeof SettingsApi>()),
  listSessions: vi.fn(),
  revokeSession: vi.fn(),
  revokeOtherSessions: vi.fn(),
}));
vi.mock('~/lib/toast', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

const here: AccountSession = {
  id: 'here',
  browser: 'Firefox',
  os: 'Linux',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastActiveAt: '2026-11-28T20:00:00.000Z',
  isCurrent: true,
};
const phone: AccountSession = { ...here, id: 'phone', browser: 'Safari', os: 'iOS', isCurrent: false };

describe('SessionsSection', () => {
  beforeEach(() => {
    vi.mocked(listSessions).mockResolvedValue({ sessions: [here, phone] });
    vi.mocked(revokeSession).mockResolvedValue({ status: true });
    vi.mocked(revokeOtherSessions).mockResolvedValue({ status: true });
  });

  it('lists each device by browser and system, with when it signed in and was last active, this one marked', async () => {
    renderSection(<SessionsSection />);
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Firefox on Linux');
    expect(rows[0]).toHaveTextContent('This device');
    expect(rows[0]).toHaveTextContent('Signed in Nov 20, 2026, 9:00 AM UTC · Last active Nov 28, 2026, 8:00 PM UTC');
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(rows[1]).toHaveTextContent('Safari on iOS');
    expect(rows[1]).not.toHaveTextContent('This device');
  });

  it('signs one other device out by its id, and the list no longer shows it', async () => {
    const { user } = renderSection(<SessionsSection />);
    const button = await screen.findByRole('button', { name: 'Sign out Safari on iOS' });
    vi.mocked(listSessions).mockResolvedValue({ sessions: [here] });
    await user.click(button);
    expect(revokeSession).toHaveBeenCalledWith('phone');
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(screen.getByText('Firefox on Linux')).toBeInTheDocument();
  });

  it('signs out every other device at once', async () => {
    const { user } = renderSection(<SessionsSection />);
    const button = await screen.findByRole('button', { name: 'Sign out all other devices' });
    vi.mocked(listSessions).mockResolvedValue({ sessions: [here] });
    await user.click(button);
    expect(revokeOtherSessions).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument());
  });

  it('disables "sign out all others" when this is the only device', async () => {
    vi.mocked(listSessions).mockResolvedValue({ sessions: [here] });
    renderSection(<SessionsSection />);
    expect(await screen.findByRole('button', { name: 'Sign out all other devices' })).toBeDisabled();
  });
});
