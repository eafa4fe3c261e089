import { CalendarClock, MailX, ShieldCheck } from 'lucide-react';
import { EmailSignupForm } from '../components/email-signup-form';

export const NEWSLETTER_PROMISES = [
  { icon: ShieldCheck, text: 'No spam' },
  { icon: MailX, text: 'Unsubscribe anytime' },
  { icon: CalendarClock, text: 'Weekly updates' },
] as const;

export function NewsletterSection() {
  return (
    <section id="newsletter" aria-labelledby="newsletter-title" className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
      <h2 id="newsletter-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Stay in the loop
      </h2>
      <p className="mt-3 text-muted-foreground">
        A short weekly email on vault performance, product news and plain-English DeFi explainers.
      </p>
      <div className="mx-auto mt-6 max-w-md">
        <EmailSignupForm list="newsletter" inputLabel="Email address for the newsletter" />
      </div>
      <ul className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground">
        {NEWSLETTER_PROMISES.map((promise) => (
          <li key={promise.text} className="flex items-center gap-1.5">
            <promise.icon className="size-4 text-primary" aria-hidden="true" />
            {promise.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
