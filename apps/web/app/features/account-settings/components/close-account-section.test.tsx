import { ACCOUNT_MESSAGES } from '@keel/core/account-settings';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_QUERY_KEY } from '~/hooks/use-session';
import { ApiError } from '~/lib/api-client';
import { closeAccount } from '../api/account-settings-api';
import type * as SettingsApi from '../api/account-settings-api';
import { CloseAccountSection } from './close-account-section';
import { renderSection } from './test-render';

vi.mock('../api/account-settings-api', async (importOriginal) => ({
  ...(await importOriginal<typeof SettingsApi>()),
  closeAccount: vi.fn(),
}));
vi.mock('~/lib/toast', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

async function openDialog(user: ReturnType<typeof renderSection>['user']) {
  await user.click(screen.getByRole('button', { name: 'Close my account' }));
  return screen.findByRole('dialog', { name: 'Close your Keel account?' });
}

describe('CloseAccountSection', () => {
  beforeEach(() => {
    vi.mocked(closeAccount).mockReset();
  });

  it('says plainly that the money stays in the saver’s own wallet and how to reach it without Keel', () => {
    renderSection(<CloseAccountSection />);
    expect(screen.getByText(/Keel never holds your funds/)).toBeInTheDocument();
    expect(screen.getByText(/To reach it without Keel, open the wallet app you saved with/)).toBeInTheDocument();
  });

  it('closes with the password, forgets the account in this browser and goes to the sign-in page', async () => {
    vi.mocked(closeAccount).mockResolvedValue({ status: true });
    const { user, queryClient } = renderSection(<CloseAccountSection />);
    queryClient.setQueryData(SESSION_QUERY_KEY, { user: { id: 'u1', email: 'ada@keel.test', name: 'Ada', emailVerified: true } });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Password'), 'Correct-Horse-9');
    await user.click(within(dialog).getByRole('button', { name: 'Close account for good' }));
    expect(closeAccount).toHaveBeenCalledWith({ password: 'Correct-Horse-9' });
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
  });

  it('asks for a code when two-step sign-in is on, then sends password and code together', async () => {
    vi.mocked(closeAccount).mockRejectedValueOnce(new ApiError(403, 'REAUTHENTICATION_FAILED', ACCOUNT_MESSAGES.codeRequired));
    const { user } = renderSection(<CloseAccountSection />);
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Password'), 'Correct-Horse-9');
    await user.click(within(dialog).getByRole('button', { name: 'Close account for good' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.codeRequired);
    vi.mocked(closeAccount).mockRejectedValueOnce(new ApiError(403, 'REAUTHENTICATION_FAILED', ACCOUNT_MESSAGES.wrongCode));
    await user.type(within(dialog).getByLabelText('Code from your authenticator app, or a backup code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Close account for good' }));
    expect(closeAccount).toHaveBeenLastCalledWith({ password: 'Correct-Horse-9', code: '123456' });
  });

  it('keeps the account when the password is wrong or missing', async () => {
    vi.mocked(closeAccount).mockRejectedValue(new ApiError(403, 'REAUTHENTICATION_FAILED', ACCOUNT_MESSAGES.wrongPassword));
    const { user } = renderSection(<CloseAccountSection />);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Close account for good' }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(closeAccount).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Password'), 'Wrong-Horse-1');
    await user.click(within(dialog).getByRole('button', { name: 'Close account for good' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.wrongPassword);
    expect(screen.queryByText('Sign-in page')).not.toBeInTheDocument();
  });
});
