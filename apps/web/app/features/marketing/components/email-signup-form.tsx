import { Check } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { preloadToasts, toast } from '~/lib/toast';
import { SUCCESS_RESET_MS } from '@keel/core/constants';
import { parseEmail } from '@keel/core/email';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Spinner } from '~/components/ui/spinner';
import { hasErrorCode } from '~/lib/api-client';
import { cn } from '~/lib/cn';
import { useSubscribeMutation, type EmailList } from '../api/forms-api';
import { useEarlyInput } from '~/hooks/use-early-input';
import { FormsQueryProvider } from './forms-query-provider';

/** "Email required" / "Invalid email", over these descriptions — shown under the field, not in a toast. */
const LIST_EMAIL_COPY = { required: 'Please enter your email address', invalid: 'Please enter a valid email address' };

/** Each list's texts: the button's states and the outcome's messages. */
const COPY = {
  waitlist: {
    idle: 'Join Waitlist',
    done: 'Added!',
    added: { title: "You're on the waitlist!", description: "We'll email you when the Keel mobile beta opens." },
    duplicate: { title: 'Already on waitlist!', description: 'This email is already on our waitlist.' },
  },
  newsletter: {
    idle: 'Subscribe',
    done: 'Subscribed!',
    added: { title: 'Subscribed!', description: 'Thanks for subscribing. Look out for our weekly update.' },
    duplicate: { title: 'Already subscribed!', description: 'This email is already subscribed to our newsletter.' },
  },
} as const;

type EmailSignupFormProps = {
  list: EmailList;
  /** Overrides the idle button text (the mobile page says Notify Me). */
  submitLabel?: string;
  inputLabel?: string;
  className?: string;
  tone?: 'light' | 'dark';
};

/**
 * Waitlist / newsletter form: idle → submitting (input disabled, spinner) →
 * success (button reads Added! or Subscribed! for 3 s) → idle. A duplicate counts
 * as success with a neutral message.
 */
export function EmailSignupForm(props: EmailSignupFormProps) {
  return (
    <FormsQueryProvider>
      <EmailSignupFormInner {...props} />
    </FormsQueryProvider>
  );
}

function EmailSignupFormInner({
  list,
  submitLabel,
  inputLabel = 'Email address',
  className,
  tone = 'light',
}: EmailSignupFormProps) {
  const copy = COPY[list];
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [succeeded, setSucceeded] = useState(false);
  const [fieldError, setFieldError] = useState<{ title: string; message: string } | null>(null);
  const mutation = useSubscribeMutation(list);
  const earlyInput = useEarlyInput();

  useEffect(() => {
    if (!succeeded) return;
    const timer = window.setTimeout(() => setSucceeded(false), SUCCESS_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [succeeded]);

  // Uncontrolled on purpose: whatever a visitor typed before hydration is kept, and a
  // press before hydration is replayed (useEarlyInput), never a native GET with the email in the URL.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const form = event.currentTarget;
    // Core's email rule (the server's listEmailSchema runs the same), without shipping zod to the landing page.
    const parsed = parseEmail(String(new FormData(form).get('email') ?? ''), LIST_EMAIL_COPY);
    if (!parsed.ok) {
      setFieldError(
        parsed.problem === 'required'
          ? { title: 'Email required', message: parsed.message }
          : { title: 'Invalid email', message: LIST_EMAIL_COPY.invalid },
      );
      form.querySelector('input')?.focus();
      return;
    }
    setFieldError(null);
    mutation.mutate(parsed.email, {
      onSuccess: (result) => {
        const message = result.status === 'already_subscribed' ? copy.duplicate : copy.added;
        if (result.status === 'already_subscribed') toast(message.title, { description: message.description });
        else toast.success(message.title, { description: message.description });
        form.reset();
        setSucceeded(true);
      },
      onError: (error) => {
        console.error(`${list} signup failed`, error);
        if (hasErrorCode(error, 'RATE_LIMITED')) {
          toast.error('Too many requests', { description: error.message });
          return;
        }
        toast.error('Something went wrong', { description: 'Please try again later' });
      },
    });
  };

  const isPending = mutation.isPending;
  return (
    <form
      {...earlyInput}
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocus={preloadToasts}
      className={cn('flex w-full flex-col gap-2', className)}
      data-testid={`${list}-form`}
    >
      <div className="flex flex-col gap-2 sm:flex-row">
        <Label htmlFor={inputId} className="sr-only">
          {inputLabel}
        </Label>
        <Input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          disabled={isPending}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? errorId : undefined}
          onChange={() => setFieldError(null)}
          className={cn('sm:flex-1', tone === 'dark' && 'border-white/30 bg-white text-slate-900 placeholder:text-slate-500')}
        />
        <Button
          type="submit"
          disabled={isPending}
          aria-live="polite"
          className={cn(
            'sm:min-w-36',
            tone === 'dark' &&
              'bg-white text-primary hover:bg-white/90 dark:bg-primary-foreground dark:hover:bg-primary-foreground/90',
          )}
        >
          {isPending ? (
            <>
              <Spinner label="Submitting" />
              <span>{submitLabel ?? copy.idle}</span>
            </>
          ) : succeeded ? (
            <>
              <Check aria-hidden="true" />
              {copy.done}
            </>
          ) : (
            (submitLabel ?? copy.idle)
          )}
        </Button>
      </div>
      {fieldError ? (
        // On a light chip so it reads on the coloured sections too (mobile waitlist).
        <p
          id={errorId}
          role="alert"
          className="flex w-fit flex-wrap gap-x-1 rounded-md bg-background px-2 py-1 text-sm text-destructive"
          data-testid="field-error"
        >
          <strong>{fieldError.title}</strong>
          <span>{fieldError.message}</span>
        </p>
      ) : null}
    </form>
  );
}
