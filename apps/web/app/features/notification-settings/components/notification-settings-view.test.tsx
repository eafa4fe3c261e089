import { DEFAULT_NOTIFICATION_PREFERENCES } from '@keel/core/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/lib/api-client';
import { createQueryClient } from '~/lib/query-client';
import { getNotificationPreferences, saveNotificationPreferences } from '../api/notification-settings-api';
import type * as NotificationApi from '../api/notification-settings-api';
import { NotificationSettingsView } from './notification-settings-view';

vi.mock('../api/notification-settings-api', async (importOriginal) => ({
  ...(await importOriginal<typeof NotificationApi>()),
  getNotificationPreferences: vi.fn(),
  saveNotificationPreferences: vi.fn(),
}));

function renderView() {
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <NotificationSettingsView />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('NotificationSettingsView', () => {
  beforeEach(() => {
    // As a saver who turned the drop alerts off earlier.
    vi.mocked(getNotificationPreferences)
      .mockReset()
      .mockResolvedValue({ ...DEFAULT_NOTIFICATION_PREFERENCES, share_price_drop: false });
    vi.mocked(saveNotificationPreferences).mockReset();
  });

  it('shows each kind of email, on or off as the server has it, named and described for screen readers', async () => {
    renderView();
    const deposits = await screen.findByRole('checkbox', { name: 'Deposit confirmed' });
    expect(deposits).toBeChecked();
    expect(deposits).toHaveAccessibleDescription('When money you put into a savings vault is confirmed.');
    expect(screen.getByRole('checkbox', { name: 'Monthly statement' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Large drops in value' })).not.toBeChecked();
    expect(screen.getAllByRole('checkbox')).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'Account settings' })).toHaveAttribute('href', '/settings');
  });

  it('saves a change at once from the keyboard and says so', async () => {
    vi.mocked(saveNotificationPreferences).mockResolvedValue({ ...DEFAULT_NOTIFICATION_PREFERENCES, usdc_received: false });
    const user = renderView();
    const received = await screen.findByRole('checkbox', { name: 'Money received' });
    received.focus();
    await user.keyboard(' ');
    expect(saveNotificationPreferences).toHaveBeenCalledWith({ usdc_received: false });
    expect(await screen.findByRole('status')).toHaveTextContent('Money received emails are off.');
    expect(screen.getByRole('checkbox', { name: 'Money received' })).not.toBeChecked();
  });

  it('says when a change was not saved, and keeps the setting as it was', async () => {
    vi.mocked(saveNotificationPreferences).mockRejectedValue(new ApiError(500, 'INTERNAL', 'Something went wrong'));
    const user = renderView();
    await user.click(await screen.findByRole('checkbox', { name: 'Vault problems' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That change was not saved. Please try again.');
    expect(screen.getByRole('checkbox', { name: 'Vault problems' })).toBeChecked();
  });
});
