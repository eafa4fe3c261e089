import { scorePassword, strengthLabel } from '@keel/core/password';
import { cn } from '~/lib/cn';

const BAR_COLORS = ['bg-red-500', 'bg-red-500', 'bg-orange-500', 'bg-amber-500', 'bg-lime-500', 'bg-green-600'] as const;
const TEXT_COLORS = [
  'text-red-700 dark:text-red-400',
  'text-red-700 dark:text-red-400',
  'text-orange-700 dark:text-orange-400',
  'text-amber-700 dark:text-amber-400',
  'text-lime-700 dark:text-lime-400',
  'text-green-700 dark:text-green-400',
] as const;
const SEGMENTS = [1, 2, 3, 4, 5] as const;

/** Password strength: one point per check (0-5), labelled Very Weak…Strong; advisory only. */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  if (!password) return null;
  const score = scorePassword(password);
  const label = strengthLabel(score);
  return (
    <div id={id} className="flex flex-col gap-1" data-testid="password-strength" data-score={score}>
      <div className="flex gap-1" aria-hidden="true">
        {SEGMENTS.map((segment) => (
          <span key={segment} className={cn('h-1.5 flex-1 rounded-full', segment <= score ? BAR_COLORS[score] : 'bg-muted')} />
        ))}
      </div>
      <p className={cn('text-xs font-medium', TEXT_COLORS[score])} aria-live="polite">
        Password strength: {label}
      </p>
    </div>
  );
}
