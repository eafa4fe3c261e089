import { useId, type FormEvent } from 'react';
import { preloadToasts, toast } from '~/lib/toast';
import { CONTACT_LIMITS } from '@keel/core/constants';
import { Button } from '~/components/ui/button';
import { Input, Textarea } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { ApiError } from '~/lib/api-client';
import { useSendContactMutation } from '../api/forms-api';
import { useEarlyInput } from '~/hooks/use-early-input';
import { FormsQueryProvider } from './forms-query-provider';

/** SPEC §4: idle → sending ('Sending...', disabled) → idle; cleared on success. */
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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    // Uncontrolled fields: text typed before hydration is kept, and read here.
    const form = event.currentTarget;
    const data = new FormData(form);
    const read = (field: string) => String(data.get(field) ?? '');
    const fields = { name: read('name'), email: read('email'), subject: read('subject'), message: read('message') };
    // The browser's required/type=email checks ran already; this guards whitespace-only input.
    if (Object.values(fields).some((value) => value.trim() === '')) {
      toast.error('Error', { description: 'Please fill in every field.' });
      return;
    }
    mutation.mutate(fields, {
      onSuccess: () => {
        toast.success('Message sent!', { description: "Thank you for contacting us. We'll get back to you soon." });
        form.reset();
      },
      onError: (error) => {
        console.error('contact message failed', error);
        const description =
          error instanceof ApiError && error.code === 'RATE_LIMITED'
            ? error.message
            : 'Failed to send message. Please try again.';
        toast.error('Error', { description });
      },
    });
  };

  const disabled = mutation.isPending;
  return (
    <form
      {...earlyInput}
      method="post"
      onSubmit={onSubmit}
      onFocus={preloadToasts}
      className="grid gap-4"
      data-testid="contact-form"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input id={`${id}-name`} name="name" autoComplete="name" required maxLength={CONTACT_LIMITS.name} disabled={disabled} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input id={`${id}-email`} name="email" type="email" autoComplete="email" required disabled={disabled} />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-subject`}>Subject</Label>
        <Input id={`${id}-subject`} name="subject" required maxLength={CONTACT_LIMITS.subject} disabled={disabled} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-message`}>Message</Label>
        <Textarea id={`${id}-message`} name="message" required rows={6} maxLength={CONTACT_LIMITS.message} disabled={disabled} />
      </div>
      <Button type="submit" disabled={disabled} className="justify-self-start">
        {disabled ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
