import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PasskeyAccount, PasskeyChallenge } from '@keel/core/passkey-account';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { Label } from '~/components/ui/label';
import { Spinner } from '~/components/ui/spinner';
import { PASSKEY_ACCOUNT_QUERY_KEY } from '~/lib/passkey-account-query';
import { addAccountPasskey, type AddPasskeyStep, type ChainSettings } from '../add-account-passkey';
import { ADD_PASSKEY_STEPS, passkeyChangeError } from '../passkey-change-messages';
import { readRecoveryKey, RECOVERY_KEY_MESSAGES } from '../recovery-key-input';
import type { RegistrationCredential } from '../webauthn';

const FALLBACK_ERROR = 'Access could not be restored. Please try again.';

type RestoreAccessDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  account: PasskeyAccount;
  settings: ChainSettings;
  /** The browser's passkey prompt; tests give a software one. */
  createCredential?: (challenge: PasskeyChallenge) => Promise<RegistrationCredential>;
};

/**
 * Restoring access on a device without a passkey for the account: the saver gives the recovery
 * kit (pasted or as its file), the browser checks the key is this account's recovery key, makes a
 * passkey here, and the recovery key approves adding it. The key never leaves the browser.
 */
export function RestoreAccessDialog({ open, onOpenChange, account, settings, createCredential }: RestoreAccessDialogProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<AddPasskeyStep | null>(null);
  const [isDone, setIsDone] = useState(false);

  const changeOpen = (next: boolean) => {
    if (step) return;
    if (!next) {
      // Closing forgets the recovery key.
      setText('');
      setError(null);
      setIsDone(false);
    }
    onOpenChange(next);
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setText(await file.text());
  };

  const restore = async () => {
    const check = readRecoveryKey(text, account.recoveryOwner);
    if (!check.ok) {
      setError(RECOVERY_KEY_MESSAGES[check.problem]);
      return;
    }
    setError(null);
    try {
      const updated = await addAccountPasskey({
        account,
        settings,
        recoveryKey: check.privateKey,
        onStep: setStep,
        ...(createCredential ? { createCredential } : {}),
      });
      queryClient.setQueryData(PASSKEY_ACCOUNT_QUERY_KEY, updated);
      setText('');
      setIsDone(true);
    } catch (failure) {
      setError(passkeyChangeError(failure, FALLBACK_ERROR));
    } finally {
      setStep(null);
    }
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{isDone ? 'Access restored' : 'Restore access with your recovery kit'}</DialogTitle>
          <DialogDescription>
            {isDone
              ? 'The passkey on this device now approves what happens in your savings account.'
              : 'Use the recovery kit you kept when you created your savings account to add a passkey on this device.'}
          </DialogDescription>
        </DialogHeader>
        {isDone ? (
          <>
            <p className="text-sm">Keep your recovery kit somewhere safe: it still works if you lose this device too.</p>
            <DialogFooter>
              <Button onClick={() => changeOpen(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <form
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (!step) void restore();
            }}
          >
            <p className="text-sm">
              Your recovery key stays in this browser: Keel checks nothing but that it belongs to your account, and never sees it.
            </p>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-key`}>Your recovery key</Label>
              <textarea
                id={`${id}-key`}
                className="min-h-20 w-full rounded-md border bg-background px-3 py-2 font-mono text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                autoComplete="off"
                spellCheck={false}
                placeholder="0x…"
                value={text}
                disabled={step !== null}
                onChange={(event) => setText(event.target.value)}
                aria-describedby={`${id}-key-hint`}
              />
              <p id={`${id}-key-hint`} className="text-xs text-muted-foreground">
                Paste the key from your kit (it starts with 0x), or choose the kit file below.
              </p>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-file`}>Or choose your recovery kit file</Label>
              <input
                id={`${id}-file`}
                type="file"
                accept=".txt,text/plain"
                className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                disabled={step !== null}
                onChange={(event) => void readFile(event.target.files?.[0])}
              />
            </div>
            {step ? (
              <p className="flex items-center gap-2 text-sm" aria-live="polite">
                <Spinner label="Working" />
                {ADD_PASSKEY_STEPS[step]}
              </p>
            ) : null}
            {error ? <Alert variant="destructive">{error}</Alert> : null}
            <DialogFooter>
              <Button type="submit" disabled={step !== null || text.trim() === ''}>
                Restore access
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

export default RestoreAccessDialog;
