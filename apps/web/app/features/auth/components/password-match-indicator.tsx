import { Check, X } from 'lucide-react';
import { AUTH_MESSAGES } from '@keel/core/auth-messages';
import { cn } from '~/lib/cn';

/**
 * Live confirmation check. 'sign-up' names the state ('Passwords match' /
 * 'Passwords do not match'); 'reset' keeps the one 'Passwords match' line and
 * turns it red until it holds.
 */
export function PasswordMatchIndicator({
  matches,
  variant = 'sign-up',
  id,
}: {
  matches: boolean;
  variant?: 'sign-up' | 'reset';
  id?: string;
}) {
  const text = variant === 'reset' || matches ? AUTH_MESSAGES.passwordsMatch : AUTH_MESSAGES.passwordsDoNotMatch;
  const Icon = matches ? Check : X;
  return (
    <p
      id={id}
      data-testid="password-match"
      data-matches={matches}
      aria-live="polite"
      className={cn(
        'flex items-center gap-1.5 text-xs font-medium',
        matches ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400',
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {text}
    </p>
  );
}
