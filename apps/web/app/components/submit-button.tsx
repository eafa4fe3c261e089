import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '~/components/ui/button';
import { Loader2 } from '~/components/ui/shell-icons';

type SubmitButtonProps = Omit<ButtonProps, 'type' | 'asChild' | 'children'> & {
  /** While true the button is disabled, spins, and reads `busyLabel`. */
  isBusy: boolean;
  busyLabel: string;
  children: ReactNode;
};

/** A form's submit button: its label while idle; disabled with a spinner and its working label ("Sending...") while busy. */
export function SubmitButton({ isBusy, busyLabel, disabled, children, ...props }: SubmitButtonProps) {
  return (
    <Button {...props} type="submit" disabled={isBusy || disabled}>
      {isBusy && <Loader2 className="animate-spin" aria-hidden="true" />}
      {isBusy ? busyLabel : children}
    </Button>
  );
}
