import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Skeleton } from '~/components/ui/skeleton';
import { SESSION_QUERY_KEY } from '~/hooks/use-session';
import {
  getTwoStepStatus,
  renewBackupCodes,
  startTwoStepSetup,
  turnOffTwoStep,
  verifyTwoStepCode,
  type Session,
} from '~/lib/auth-client';
import { toast } from '~/lib/toast';
import { BackupCodes } from './backup-codes';
import { APP_CODE_FIELD, ConfirmForm, PASSWORD_FIELD } from './confirm-form';
import { secretOf, TotpQrCode } from './totp-qr-code';

export const TWO_STEP_STATUS_QUERY_KEY = ['account-security', 'two-step'] as const;

type Step =
  | { kind: 'idle' }
  | { kind: 'password-to-turn-on' }
  | { kind: 'scan'; totpURI: string; backupCodes: string[] }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'password-for-new-codes' }
  | { kind: 'turn-off' };

/** Two-step sign-in: turn it on with an authenticator app, renew the backup codes, turn it off. */
export function TwoFactorSection() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: TWO_STEP_STATUS_QUERY_KEY, queryFn: getTwoStepStatus });
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const isOn = status.data?.enabled === true;
  const idle = () => setStep({ kind: 'idle' });
  const setOn = (enabled: boolean) => queryClient.setQueryData(TWO_STEP_STATUS_QUERY_KEY, { enabled });

  return (
    <section aria-labelledby="two-step-heading" className="flex flex-col gap-4 rounded-lg border p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="two-step-heading" className="text-xl font-semibold">
          Two-step sign-in
        </h2>
        {status.data && <Badge variant={isOn ? 'default' : 'secondary'}>{isOn ? 'On' : 'Off'}</Badge>}
      </div>
      <p className="text-sm text-muted-foreground">
        After your password, Keel also asks for a 6-digit code from an authenticator app on your phone (such as Google
        Authenticator, Microsoft Authenticator or 1Password). Someone who learns your password still cannot sign in.
      </p>

      {status.isPending && <Skeleton className="h-10 w-40" />}
      {status.isError && <p className="text-sm text-destructive">Keel could not load this setting. Please reload the page.</p>}

      {step.kind === 'idle' && status.data && !isOn && (
        <Button type="button" className="self-start" onClick={() => setStep({ kind: 'password-to-turn-on' })}>
          Turn on two-step sign-in
        </Button>
      )}
      {step.kind === 'idle' && isOn && (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={() => setStep({ kind: 'password-for-new-codes' })}>
            Get new backup codes
          </Button>
          <Button type="button" variant="outline" onClick={() => setStep({ kind: 'turn-off' })}>
            Turn off two-step sign-in
          </Button>
        </div>
      )}

      {step.kind === 'password-to-turn-on' && (
        <ConfirmForm
          label="Confirm your password to turn on two-step sign-in"
          fields={[PASSWORD_FIELD]}
          submitLabel="Continue"
          busyLabel="Checking..."
          onCancel={idle}
          onSubmit={async ({ password = '' }) => {
            const setup = await startTwoStepSetup(password);
            setStep({ kind: 'scan', ...setup });
          }}
        />
      )}

      {step.kind === 'scan' && (
        <div className="flex flex-col gap-4">
          <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm">
            <li>Open your authenticator app and add an account.</li>
            <li>Scan this QR code, or type the key below into the app.</li>
            <li>Enter the 6-digit code the app shows for Keel.</li>
          </ol>
          <TotpQrCode uri={step.totpURI} />
          <div className="flex flex-col gap-1">
            <span className="text-sm font-medium" id="totp-secret-label">
              Key to type in instead
            </span>
            <code aria-labelledby="totp-secret-label" data-testid="totp-secret" className="break-all font-mono text-sm">
              {secretOf(step.totpURI)}
            </code>
          </div>
          <ConfirmForm
            label="Confirm the code from your authenticator app"
            fields={[APP_CODE_FIELD]}
            submitLabel="Turn on"
            busyLabel="Checking..."
            onCancel={idle}
            onSubmit={async ({ code = '' }) => {
              const { user } = await verifyTwoStepCode(code.replace(/\s/g, ''));
              // Turning it on rotates the session: the new one is already in the cookie.
              const session: Session = { user };
              queryClient.setQueryData(SESSION_QUERY_KEY, session);
              setOn(true);
              setStep({ kind: 'codes', codes: step.backupCodes });
              toast.success('Two-step sign-in is on');
            }}
          />
        </div>
      )}

      {step.kind === 'codes' && <BackupCodes codes={step.codes} onDone={idle} />}

      {step.kind === 'password-for-new-codes' && (
        <ConfirmForm
          label="Confirm your password to get new backup codes"
          fields={[PASSWORD_FIELD]}
          submitLabel="Get new codes"
          busyLabel="Checking..."
          onCancel={idle}
          onSubmit={async ({ password = '' }) => {
            const { backupCodes } = await renewBackupCodes(password);
            setStep({ kind: 'codes', codes: backupCodes });
          }}
        />
      )}

      {step.kind === 'turn-off' && (
        <ConfirmForm
          label="Turn off two-step sign-in"
          fields={[PASSWORD_FIELD, { ...APP_CODE_FIELD, label: 'Code from your authenticator app, or a backup code' }]}
          submitLabel="Turn off"
          busyLabel="Turning off..."
          onCancel={idle}
          onSubmit={async ({ password = '', code = '' }) => {
            await turnOffTwoStep({ password, code: code.trim() });
            setOn(false);
            idle();
            toast.success('Two-step sign-in is off');
          }}
        />
      )}
    </section>
  );
}
