import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { changePassword } from '../api/account-settings-api';
import type * as SettingsApi from '../api/account-settings-api';
import { PasswordSection } from './password-section';
import { renderSection } from './test-render';

vi.mock('../api/account-settings-api', async (importOriginal) => ({
  ...(await importOriginal<typeof SettingsApi>()),
  changePassword: vi.fn(),
}));
vi.mock('~/lib/toast', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

const NEW_PASSWORD = 'Brand-New-Secret-42';

async function fill(user: ReturnType<typeof renderSection>['user'], values: { current: string; next: string; confirm: string }) {
  await user.type(screen.getByLabelText('Current password'), values.current);
  await user.type(screen.getByLabelText('New password'), values.next);
  await user.type(screen.getByLabelText('Confirm new password'), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('PasswordSection', () => {
  beforeEach(() => {
    vi.mocked(changePassword).mockReset();
  });

  it('changes the password with the current one and says other devices were signed out', async () => {
    vi.mocked(changePassword).mockResolvedValue({ status: true });
    const { user } = renderSection(<PasswordSection />);
    await fill(user, { current: 'Old-Secret-1', next: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(changePassword).toHaveBeenCalledWith({ currentPassword: 'Old-Secret-1', newPassword: NEW_PASSWORD });
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Password changed. Every other device was signed out.'));
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('asks for the current password and a matching confirmation before sending anything', async () => {
    const { user } = renderSection(<PasswordSection />);
    await user.type(screen.getByLabelText('New password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm new password'), 'Something-Else-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Enter your current password')).toBeInTheDocument();
    expect(screen.getByText('The new passwords do not match')).toBeInTheDocument();
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('says plainly when the current password is wrong', async () => {
    vi.mocked(changePassword).mockRejectedValue(new ApiError(400, 'INVALID_PASSWORD', 'Invalid password'));
    const { user } = renderSection(<PasswordSection />);
    await fill(user, { current: 'Wrong-Secret-1', next: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(await screen.findByRole('alert')).toHaveTextContent('That is not your current password.');
  });
});
