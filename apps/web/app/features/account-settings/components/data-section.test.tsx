import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/lib/api-client';
import { downloadAccountData } from '../api/account-settings-api';
import type * as SettingsApi from '../api/account-settings-api';
import { DataSection } from './data-section';
import { renderSection } from './test-render';

vi.mock('../api/account-settings-api', async (importOriginal) => ({
  ...(await importOriginal<typeof SettingsApi>()),
  downloadAccountData: vi.fn(),
}));

describe('DataSection', () => {
  beforeEach(() => {
    vi.mocked(downloadAccountData).mockReset();
  });

  it('saves the file the server made, under the name it gave', async () => {
    const blob = new Blob(['{"profile":{}}'], { type: 'application/json' });
    vi.mocked(downloadAccountData).mockResolvedValue({ blob, fileName: 'keel-account-data-2026-11-28.json' });
    const createUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:keel-data');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    const { user } = renderSection(<DataSection />);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(saved).toEqual([{ href: 'blob:keel-data', download: 'keel-account-data-2026-11-28.json' }]));
    expect(createUrl).toHaveBeenCalledWith(blob);
  });

  it("shows the server's words when the download is refused", async () => {
    vi.mocked(downloadAccountData).mockRejectedValue(
      new ApiError(429, 'RATE_LIMITED', 'You have downloaded your data several times recently. Please try again in an hour.'),
    );
    const { user } = renderSection(<DataSection />);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again in an hour.');
  });
});
