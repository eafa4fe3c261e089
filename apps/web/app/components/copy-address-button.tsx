import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '~/components/ui/button';

/** Copies an address to the clipboard and says so for a few seconds. */
export function CopyAddressButton({ address, label = 'Copy address' }: { address: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => {
        void navigator.clipboard.writeText(address).then(
          () => {
            setCopied(true);
            window.setTimeout(() => setCopied(false), 3_000);
          },
          () => setCopied(false),
        );
      }}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? 'Copied' : label}
    </Button>
  );
}
