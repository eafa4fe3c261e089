import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { humanErrorMessage } from '~/lib/error-messages';
import { downloadAccountData } from '../api/account-settings-api';
import { SettingsSection } from './settings-section';

const DOWNLOAD_FAILED = 'Your data could not be downloaded. Please try again.';

/** Hands a file to the browser's own download, as a link the user clicked would. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download by now; the blob's URL is not needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** "Download my data": one JSON file of everything Keel holds about the account, made by the server. */
export function DataSection() {
  const download = useMutation({
    mutationFn: () => downloadAccountData(),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
  return (
    <SettingsSection
      id="data"
      title="Your data"
      description="Download a copy of what Keel keeps about you: your profile, linked wallets, the deposits and withdrawals you made through Keel, your settings and your account's security log. It's a JSON file you can open in any text editor."
    >
      <div className="flex flex-col gap-4">
        {download.isError && <Alert variant="destructive">{humanErrorMessage(download.error, DOWNLOAD_FAILED)}</Alert>}
        <div>
          <Button variant="outline" onClick={() => download.mutate()} disabled={download.isPending}>
            <Download aria-hidden="true" />
            {download.isPending ? 'Preparing your file...' : 'Download my data'}
          </Button>
        </div>
      </div>
    </SettingsSection>
  );
}
