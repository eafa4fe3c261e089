import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '~/lib/toast';
import { AUTH_MESSAGES } from '@keel/core/auth-messages';
import { parseEmail } from '@keel/core/email';
import { paths } from '@keel/core/paths';
import { SIGN_UP_EMAIL_COPY, signUpFormSchema, type SignUpForm as SignUpValues } from '@keel/core/schemas';
import { SubmitButton } from '~/components/submit-button';
import { Checkbox } from '~/components/ui/checkbox';
import { FieldError } from '~/components/ui/field-error';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { useEarlyInput } from '~/hooks/use-early-input';
import { authErrorMessage, signUpWithEmail } from '~/lib/auth-client';
import { clearClientAttempts, takeClientAttempt } from '../lib/client-rate-limit';
import { CheckEmailDialog } from './check-email-dialog';
import { PasswordInput } from './password-input';
import { PasswordMatchIndicator } from './password-match-indicator';
import { PasswordStrengthMeter } from './password-strength-meter';

const EMPTY: SignUpValues = { fullName: '', email: '', password: '', confirmPassword: '', agreeToTerms: false };
const TEXT_FIELDS = ['fullName', 'email', 'password', 'confirmPassword'] as const;

export function SignUpForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    clearErrors,
    reset,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: EMPTY,
    // A field's message clears when that field is edited, and only comes back on submit.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const password = useWatch({ control, name: 'password' });
  const confirmPassword = useWatch({ control, name: 'confirmPassword' });
  // What was typed before hydration reaches the form's store, so the meter, the match indicator
  // and submit see it. Declared after useWatch: effects run in order, and the watchers must listen.
  // (React Hook Form may already hold them, read at registration, without telling useWatch: a
  // reset to the current values is what makes every watcher look again.)
  const earlyInput = useEarlyInput((typed) => {
    const values = getValues();
    for (const field of TEXT_FIELDS) values[field] = typed[field] ?? values[field];
    reset(values, { keepDefaultValues: true });
  });

  const clearOnEdit = (field: keyof SignUpValues) => ({ onChange: () => clearErrors(field) });

  const onValid = async (values: SignUpValues) => {
    // The schema has shown "required" and "invalid" inline; the sanitiser's verdict is a toast.
    const parsed = parseEmail(values.email, SIGN_UP_EMAIL_COPY);
    if (!parsed.ok) {
      toast.error(parsed.message);
      return;
    }
    const email = parsed.email;
    if (!takeClientAttempt('signUp', email)) {
      toast.error(AUTH_MESSAGES.signUpRateLimited);
      return;
    }
    try {
      await signUpWithEmail({ name: values.fullName, email, password: values.password });
      clearClientAttempts('signUp', email);
      setSentTo(email);
      setDialogOpen(true);
      reset(EMPTY);
    } catch (error) {
      toast.error(authErrorMessage(error, AUTH_MESSAGES.signUpFailed));
    }
  };

  const describedBy = (field: keyof SignUpValues, extra?: string) =>
    [errors[field] ? `${field}-error` : null, extra].filter(Boolean).join(' ') || undefined;

  return (
    <>
      <form
        {...earlyInput}
        method="post"
        noValidate
        onSubmit={handleSubmit(onValid)}
        className="flex flex-col gap-5"
        aria-label="Create account"
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor="fullName">Full Name</Label>
          <Input
            id="fullName"
            autoComplete="name"
            placeholder="Jane Doe"
            aria-invalid={errors.fullName ? true : undefined}
            aria-describedby={describedBy('fullName')}
            {...register('fullName', clearOnEdit('fullName'))}
          />
          <FieldError id="fullName-error" message={errors.fullName?.message} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="email">Email Address</Label>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('email')}
            {...register('email', clearOnEdit('email'))}
          />
          <FieldError id="email-error" message={errors.email?.message} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="password">Password</Label>
          <PasswordInput
            id="password"
            autoComplete="new-password"
            placeholder="At least 8 characters"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={describedBy('password', password ? 'password-strength' : undefined)}
            {...register('password', clearOnEdit('password'))}
          />
          <PasswordStrengthMeter id="password-strength" password={password} />
          <FieldError id="password-error" message={errors.password?.message} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="confirmPassword">Confirm Password</Label>
          <PasswordInput
            id="confirmPassword"
            autoComplete="new-password"
            placeholder="Repeat your password"
            aria-invalid={errors.confirmPassword ? true : undefined}
            aria-describedby={describedBy(
              'confirmPassword',
              confirmPassword && !errors.confirmPassword ? 'password-match' : undefined,
            )}
            {...register('confirmPassword', clearOnEdit('confirmPassword'))}
          />
          {confirmPassword && !errors.confirmPassword && (
            <PasswordMatchIndicator id="password-match" matches={confirmPassword === password} />
          )}
          <FieldError id="confirmPassword-error" message={errors.confirmPassword?.message} />
        </div>
        <div className="flex flex-col gap-2">
          <div className="flex items-start gap-3">
            <Controller
              control={control}
              name="agreeToTerms"
              render={({ field }) => (
                <Checkbox
                  id="agreeToTerms"
                  ref={field.ref}
                  name={field.name}
                  checked={field.value}
                  onBlur={field.onBlur}
                  onCheckedChange={(checked) => {
                    field.onChange(checked === true);
                    clearErrors('agreeToTerms');
                  }}
                  aria-invalid={errors.agreeToTerms ? true : undefined}
                  aria-describedby={describedBy('agreeToTerms')}
                  className="mt-0.5"
                />
              )}
            />
            <Label htmlFor="agreeToTerms" className="text-sm font-normal leading-5">
              I agree to the{' '}
              <Link to={paths.terms} className="font-medium text-primary underline underline-offset-2">
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link to={paths.privacy} className="font-medium text-primary underline underline-offset-2">
                Privacy Policy
              </Link>
            </Label>
          </div>
          <FieldError id="agreeToTerms-error" message={errors.agreeToTerms?.message} />
        </div>
        <SubmitButton size="lg" isBusy={isSubmitting} busyLabel="Creating Account...">
          Create Account
        </SubmitButton>
        <p className="text-center text-sm text-muted-foreground">
          Already have an account?{' '}
          <Link to={paths.signIn} className="font-medium text-primary underline-offset-4 hover:underline">
            Sign In
          </Link>
        </p>
      </form>
      <CheckEmailDialog email={sentTo ?? ''} open={dialogOpen} onOpenChange={setDialogOpen} />
    </>
  );
}
