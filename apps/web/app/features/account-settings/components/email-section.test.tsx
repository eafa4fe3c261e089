import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/lib/api-client';
import { changeEmail } from '../api/account-settings-api';
import type * as SettingsApi from '../api/account-settings-api';
import { EmailSection } from './email-section';
import { renderSection } from './test-render';

vi.mock('../api/account-settings-api', async (importOriginal) => ({
  ...(await importOriginal<typeof SettingsApi>()),
  changeEmail: vi.fn(),
}));

describe('EmailSection', () => {
  beforeEach(() => {
    vi.mocked(changeEmail).mockReset();
  });

  it('sends the new address lower-cased and says the change waits for the confirmation link', async () => {
    vi.mocked(changeEmail).mockResolvedValue({ status: true });
    const { user } = renderSection(<EmailSection currentEmail="ada@keel.test" />);
    expect(screen.getByText('ada@keel.test')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New email address'), 'Ada.New@Keel.TEST');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(changeEmail).toHaveBeenCalledWith('ada.new@keel.test');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We sent a confirmation link to ada.new@keel.test. Your email changes once you open it; until then, keep using ada@keel.test.',
    );
  });

  it('shows the field message for an invalid address and sends nothing', async () => {
    const { user } = renderSection(<EmailSection currentEmail="ada@keel.test" />);
    await user.type(screen.getByLabelText('New email address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/valid email/i);
    expect(screen.getByLabelText('New email address')).toHaveAttribute('aria-invalid', 'true');
    expect(changeEmail).not.toHaveBeenCalled();
  });

  it("shows the server's words when the change is refused", async () => {
    vi.mocked(changeEmail).mockRejectedValue(new ApiError(400, 'VALIDATION_FAILED', 'That is already your email address'));
    const { user } = renderSection(<EmailSection currentEmail="ada@keel.test" />);
    await user.type(screen.getByLabelText('New email address'), 'ada@keel.test');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That is already your email address');
  });
});
