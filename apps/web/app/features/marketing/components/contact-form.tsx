import { useId, useState, type FormEvent } from 'react';
import { preloadToasts, toast } from '~/lib/toast';
import { CONTACT_LIMITS } from '@keel/core/constants';
import { parseEmail } from '@keel/core/email';
import { FieldError } from '~/components/ui/field-error';
import { Button } from '~/components/ui/button';
import { Input, Textarea } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { hasErrorCode } from '~/lib/api-client';
import { useSendContactMutation } from '../api/forms-api';
import { useEarlyInput } from '~/hooks/use-early-input';
import { FormsQueryProvider } from './forms-query-provider';

type ContactField = 'name' | 'email' | 'subject' | 'message';
type FieldErrors = Partial<Record<ContactField, string>>;

/** Shown under each field left empty (all four are required). */
const REQUIRED_MESSAGES: Record<ContactField, string> = {
  name: 'Please enter your name',
  email: 'Please enter your email address',
  subject: 'Please enter a subject',
  message: 'Please enter a message',
};
const EMAIL_COPY = { required: REQUIRED_MESSAGES.email, invalid: 'Please enter a valid email address' };
const FIELD_ORDER: readonly ContactField[] = ['name', 'email', 'subject', 'message'];

/** Every problem of the form, by field; empty when it can be sent. */
function checkContactFields(fields: Record<ContactField, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of FIELD_ORDER) {
    if (fields[field].trim() === '') errors[field] = REQUIRED_MESSAGES[field];
  }
  if (!errors.email) {
    const email = parseEmail(fields.email, EMAIL_COPY);
    if (!email.ok) errors.email = email.message;
  }
  return errors;
}

/**
 * idle → sending ('Sending...', disabled) → idle; cleared on success.
 * Field problems show under their field; toasts are for the outcome only.
 */
export function ContactForm() {
  return (
    <FormsQueryProvider>
      <ContactFormInner />
    </FormsQueryProvider>
  );
}

function ContactFormInner() {
  const id = useId();
  const mutation = useSendContactMutation();
  const earlyInput = useEarlyInput();
  const [errors, setErrors] = useState<FieldErrors>({});
  const clearError = (field: ContactField) => setErrors((current) => ({ ...current, [field]: undefined }));
  const describedBy = (field: ContactField) => (errors[field] ? `${id}-${field}-error` : undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    // Uncontrolled fields: text typed before hydration is kept, and read here.
    const form = event.currentTarget;
    const data = new FormData(form);
    const read = (field: string) => String(data.get(field) ?? '');
    const fields = { name: read('name'), email: read('email'), subject: read('subject'), message: read('message') };
    const problems = checkContactFields(fields);
    setErrors(problems);
    const firstProblem = FIELD_ORDER.find((field) => problems[field]);
    if (firstProblem) {
      form.querySelector<HTMLElement>(`[name="${firstProblem}"]`)?.focus();
      return;
    }
    mutation.mutate(fields, {
      onSuccess: () => {
        toast.success('Message sent!', { description: "Thank you for contacting us. We'll get back to you soon." });
        form.reset();
      },
      onError: (error) => {
        console.error('contact message failed', error);
        const description = hasErrorCode(error, 'RATE_LIMITED') ? error.message : 'Failed to send message. Please try again.';
        toast.error('Error', { description });
      },
    });
  };

  const disabled = mutation.isPending;
  return (
    <form
      {...earlyInput}
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocus={preloadToasts}
      className="grid gap-4"
      data-testid="contact-form"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input
            id={`${id}-name`}
            name="name"
            autoComplete="name"
            required
            maxLength={CONTACT_LIMITS.name}
            disabled={disabled}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
            onChange={() => clearError('name')}
          />
          <FieldError id={`${id}-name-error`} message={errors.name} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            disabled={disabled}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('email')}
            onChange={() => clearError('email')}
          />
          <FieldError id={`${id}-email-error`} message={errors.email} />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-subject`}>Subject</Label>
        <Input
          id={`${id}-subject`}
          name="subject"
          required
          maxLength={CONTACT_LIMITS.subject}
          disabled={disabled}
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={describedBy('subject')}
          onChange={() => clearError('subject')}
        />
        <FieldError id={`${id}-subject-error`} message={errors.subject} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-message`}>Message</Label>
        <Textarea
          id={`${id}-message`}
          name="message"
          required
          rows={6}
          maxLength={CONTACT_LIMITS.message}
          disabled={disabled}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message')}
          onChange={() => clearError('message')}
        />
        <FieldError id={`${id}-message-error`} message={errors.message} />
      </div>
      <Button type="submit" disabled={disabled} className="justify-self-start">
        {disabled ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
