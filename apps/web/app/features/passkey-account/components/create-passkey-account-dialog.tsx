import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download, KeyRound, Printer, ShieldCheck } from 'lucide-react';
import type { PasskeyAccount, PasskeyChallenge } from '@keel/core/passkey-account';
import { CopyAddressButton } from '~/components/copy-address-button';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Spinner } from '~/components/ui/spinner';
import { humanErrorMessage } from '~/lib/error-messages';
import { registerPasskeyAccount, requestPasskeyChallenge } from '../api/passkey-account';
import { downloadRecoveryKit, printRecoveryKit, recoveryKeyQrDataUrl } from '../kit-files';
import { CONFIRM_CHARACTERS, createRecoveryKit, isKitConfirmed, type RecoveryKit } from '../recovery-kit';
import { rememberPasskeyOnThisDevice } from '../this-device';
import { createPasskey, PASSKEY_CREATION_MESSAGES, passkeyProblemOf, type RegistrationCredential } from '../webauthn';

type Step = 'explain' | 'kit' | 'creating' | 'done';

const FALLBACK_ERROR = 'Your savings account could not be created. Please try again.';

type CreatePasskeyAccountDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The browser's passkey prompt; tests give a software one. */
  createCredential?: (challenge: PasskeyChallenge) => Promise<RegistrationCredential>;
  /** The recovery key's source; tests give a fixed key. */
  generateKey?: () => `0x${string}`;
};

function Explain({ onContinue }: { onContinue: () => void }) {
  return (
    <>
      <ul className="flex flex-col gap-3 text-sm">
        <li className="flex gap-2">
          <KeyRound className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>
            A savings account you control with your passkey: the fingerprint, face or PIN that unlocks this device. No wallet app
            and no secret words to write down.
          </span>
        </li>
        <li className="flex gap-2">
          <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>Keel cannot move your money. Only your passkey, or the recovery key you keep next, can.</span>
        </li>
        <li className="flex gap-2">
          <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>Keel pays the network fee when you save: depositing and withdrawing cost you nothing extra.</span>
        </li>
      </ul>
      <p className="text-xs text-muted-foreground">
        The account is a Safe on the Base network: open-source account contracts that many people use. Keel does not run it.
      </p>
      <DialogFooter>
        <Button onClick={onContinue}>Continue</Button>
      </DialogFooter>
    </>
  );
}

function KitStep({
  kit,
  error,
  isCreating,
  onCreate,
}: {
  kit: RecoveryKit;
  error: string | null;
  isCreating: boolean;
  onCreate: () => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [qr, setQr] = useState<string | null>(null);
  const isConfirmed = isKitConfirmed(kit, typed);
  useEffect(() => {
    let isCurrent = true;
    void recoveryKeyQrDataUrl(kit).then(
      (url) => {
        if (isCurrent) setQr(url);
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [kit]);

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (isConfirmed && !isCreating) onCreate();
      }}
    >
      <p className="text-sm">
        If you lose this device, your recovery key still opens your savings account. It was made here in your browser, is shown
        only this once, and is never sent to Keel. Anyone who has it can move your money: keep it private.
      </p>
      <div className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-3">
        <span className="text-sm font-medium" id={`${id}-key-label`}>
          Your recovery key
        </span>
        <code className="break-all font-mono text-sm" aria-labelledby={`${id}-key-label`} data-testid="recovery-key">
          {kit.privateKey}
        </code>
        {qr ? <img src={qr} alt="QR code of your recovery key" width={160} height={160} className="self-start bg-white" /> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => downloadRecoveryKit(kit, null)}>
            <Download aria-hidden="true" />
            Download the kit
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => printRecoveryKit(kit, null, qr)}>
            <Printer aria-hidden="true" />
            Print the kit
          </Button>
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-confirm`}>
          To show you kept it, type the last {CONFIRM_CHARACTERS} characters of your recovery key
        </Label>
        <Input
          id={`${id}-confirm`}
          autoComplete="off"
          spellCheck={false}
          maxLength={CONFIRM_CHARACTERS + 4}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          aria-describedby={`${id}-confirm-state`}
        />
        <p id={`${id}-confirm-state`} className="text-xs text-muted-foreground" aria-live="polite">
          {isConfirmed ? 'That matches your recovery key.' : 'The button below works once the characters match.'}
        </p>
      </div>
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      <DialogFooter>
        <Button type="submit" disabled={!isConfirmed || isCreating}>
          {isCreating ? <Spinner label="Waiting for your passkey" /> : null}
          {isCreating ? 'Confirm with your passkey…' : 'Create my savings account'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function Done({ account, kit, onClose }: { account: PasskeyAccount; kit: RecoveryKit; onClose: () => void }) {
  return (
    <>
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium">Your savings account’s address on Base</p>
        <code className="break-all rounded bg-muted px-2 py-1 font-mono text-sm" data-testid="passkey-account-address">
          {account.address}
        </code>
        <div>
          <CopyAddressButton address={account.address} />
        </div>
      </div>
      <p className="text-sm">
        Add the address to your recovery kit: it is what you would look up in Safe’s app if Keel were ever unavailable.
      </p>
      <div>
        <Button variant="outline" size="sm" onClick={() => downloadRecoveryKit(kit, account.address)}>
          <Download aria-hidden="true" />
          Download the complete kit
        </Button>
      </div>
      <DialogFooter>
        <Button onClick={onClose}>Done</Button>
      </DialogFooter>
    </>
  );
}

/**
 * Creating a passkey savings account: what it is, then the recovery kit (kept
 * before anything is created, confirmed by typing part of it back), then the
 * passkey prompt; the server verifies it and answers the account's address.
 */
export function CreatePasskeyAccountDialog({
  open,
  onOpenChange,
  createCredential = createPasskey,
  generateKey,
}: CreatePasskeyAccountDialogProps) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('explain');
  const [kit, setKit] = useState<RecoveryKit | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [account, setAccount] = useState<PasskeyAccount | null>(null);

  const changeOpen = (next: boolean) => {
    // Closing forgets the recovery key: it lives only as long as this dialog.
    if (!next) {
      // The account is now the linked wallet too: every money figure reads it. Refreshed on close, not on
      // creation: the refresh removes the "Create" buttons, and with them this dialog's last step.
      if (account) void queryClient.invalidateQueries();
      setStep('explain');
      setKit(null);
      setError(null);
      setAccount(null);
    }
    onOpenChange(next);
  };

  const create = async (recoveryKit: RecoveryKit) => {
    setError(null);
    setStep('creating');
    try {
      const challenge = await requestPasskeyChallenge();
      const credential = await createCredential(challenge);
      const created = await registerPasskeyAccount({ credential, recoveryOwner: recoveryKit.address });
      rememberPasskeyOnThisDevice(created.address);
      setAccount(created);
      setStep('done');
    } catch (failure) {
      const problem = passkeyProblemOf(failure);
      setError(problem ? PASSKEY_CREATION_MESSAGES[problem] : humanErrorMessage(failure, FALLBACK_ERROR));
      setStep('kit');
    }
  };

  const title =
    step === 'explain'
      ? 'Create a savings account with a passkey'
      : step === 'done'
        ? 'Your savings account is ready'
        : 'Keep your recovery kit';
  const description =
    step === 'explain'
      ? 'Save in USDC on Base without a wallet app.'
      : step === 'done'
        ? 'Send USDC on Base to this address, then deposit it into a vault. Keel pays the network fee for saving.'
        : 'Step 2 of 2: keep this kit before your account is created.';

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {step === 'explain' ? (
          <Explain
            onContinue={() => {
              setKit((current) => current ?? createRecoveryKit(generateKey));
              setStep('kit');
            }}
          />
        ) : null}
        {(step === 'kit' || step === 'creating') && kit ? (
          <KitStep kit={kit} error={error} isCreating={step === 'creating'} onCreate={() => void create(kit)} />
        ) : null}
        {step === 'done' && account && kit ? <Done account={account} kit={kit} onClose={() => changeOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

export default CreatePasskeyAccountDialog;
