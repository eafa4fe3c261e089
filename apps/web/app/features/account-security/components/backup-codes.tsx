import { useState } from 'react';
import { Button } from '~/components/ui/button';

/** The backup codes, shown once: copy them or download them as a text file, then keep them somewhere safe. */
export function BackupCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `Keel backup codes\nEach code works once, instead of a code from your authenticator app.\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'keel-backup-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        Save these backup codes somewhere safe. If you lose your phone, each one lets you sign in once. You will not see them
        again.
      </p>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-4 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          Download as a text file
        </Button>
        <Button type="button" onClick={onDone}>
          I have saved them
        </Button>
      </div>
      <p role="status" className="sr-only">
        {copied ? 'Backup codes copied' : ''}
      </p>
    </div>
  );
}
