import { ACCOUNT_MESSAGES, closeAccountSchema, type CloseAccountInput } from '@keel/core/account-settings';
import { paths } from '@keel/core/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { SubmitButton } from '~/components/submit-button';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog';
import { forgetAccountState, SESSION_QUERY_KEY } from '~/hooks/use-session';
import { ApiError } from '~/lib/api-client';
import { humanErrorMessage } from '~/lib/error-messages';
import { toast } from '~/lib/toast';
import { closeAccount } from '../api/account-settings-api';
import { SettingsField } from './settings-field';
import { SettingsSection } from './settings-section';

const CLOSE_FAILED = 'Your account could not be closed. Please try again.';

/** The server asks for a second-step code when two-step sign-in is on (and says when one was wrong). */
function needsCode(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.code !== 'REAUTHENTICATION_FAILED') return false;
  return error.message === ACCOUNT_MESSAGES.codeRequired || error.message === ACCOUNT_MESSAGES.wrongCode;
}

function FundsStatement() {
  return (
    <div className="flex flex-col gap-2 text-sm text-muted-foreground">
      <p>
        <strong className="font-medium text-foreground">Your money stays yours.</strong> Keel never holds your funds: what you
        saved is in the vaults on the blockchain, owned by your own wallet. Closing your Keel account does not move or touch it.
      </p>
      <p>
        To reach it without Keel, open the wallet app you saved with: your balance and vault shares are there. You can withdraw
        from the vaults with any app that works with them, or with your wallet directly.
      </p>
      <p>
        Closing erases your profile, sign-ins, wallet links and settings. We keep a record of security events without your email
        address. You can open a new account with the same email later.
      </p>
    </div>
  );
}

/** Close account: a plain statement about the funds, then the password (and a code if two-step sign-in is on). */
export function CloseAccountSection() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [askCode, setAskCode] = useState(false);
  const close = useMutation({
    mutationFn: (input: CloseAccountInput) => closeAccount(input),
    // As after signing out: this browser forgets the account, then goes to the sign-in page (where a new one can start).
    onSuccess: async () => {
      toast.success('Your Keel account is closed.');
      forgetAccountState(queryClient);
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
      await navigate(paths.signIn, { replace: true });
    },
    onError: (error) => {
      if (needsCode(error)) setAskCode(true);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const code = String(data.get('code') ?? '').trim();
    const parsed = closeAccountSchema.safeParse({
      password: String(data.get('password') ?? ''),
      ...(code ? { code } : {}),
    });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    close.mutate(parsed.data);
  };

  return (
    <SettingsSection id="close" title="Close account" description="Erase your Keel account and the personal data it holds.">
      <div className="flex flex-col gap-4">
        <FundsStatement />
        <Dialog open={open} onOpenChange={setOpen}>
          <div>
            <DialogTrigger asChild>
              <Button variant="destructive">Close my account</Button>
            </DialogTrigger>
          </div>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Close your Keel account?</DialogTitle>
              <DialogDescription>
                This cannot be undone. Your money on the blockchain stays in your own wallet. Enter your password to confirm.
              </DialogDescription>
            </DialogHeader>
            <form noValidate onSubmit={onSubmit} aria-label="Close account" className="flex flex-col gap-4">
              {close.isError && <Alert variant="destructive">{humanErrorMessage(close.error, CLOSE_FAILED)}</Alert>}
              <SettingsField
                id="close-password"
                name="password"
                label="Password"
                type="password"
                autoComplete="current-password"
                error={fieldError}
                onEdit={() => setFieldError(undefined)}
              />
              {askCode && (
                <SettingsField
                  id="close-code"
                  name="code"
                  label="Code from your authenticator app, or a backup code"
                  type="text"
                  autoComplete="one-time-code"
                />
              )}
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  Keep my account
                </Button>
                <SubmitButton variant="destructive" isBusy={close.isPending} busyLabel="Closing...">
                  Close account for good
                </SubmitButton>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </div>
    </SettingsSection>
  );
}
