import { Badge } from '~/components/ui/badge';
import { EmailSignupForm } from '../components/email-signup-form';
import { PageHero, PageSection } from '../components/page-parts';
import { MOBILE_FEATURES } from '../landing/mobile-section';

export function MobilePage() {
  return (
    <>
      <PageHero eyebrow="Mobile app" title="Keel for iOS and Android">
        <p>
          <Badge className="mr-2 align-middle">Coming Soon</Badge>
          Coming soon: save, track and withdraw from your phone. Join the waitlist to hear when the beta opens.
        </p>
      </PageHero>
      <PageSection>
        <ul className="grid gap-6 md:grid-cols-3">
          {MOBILE_FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-xl border bg-card p-6 shadow-sm">
              <feature.icon className="size-6 text-primary" aria-hidden="true" />
              <h2 className="mt-4 font-semibold">{feature.title}</h2>
              <p className="mt-2 text-sm text-muted-foreground">{feature.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 max-w-xl rounded-xl border bg-muted p-6">
          <h2 className="text-lg font-semibold">Get notified at launch</h2>
          <p className="mt-1 mb-4 text-sm text-muted-foreground">Join the waitlist and we will email you when the beta opens.</p>
          <EmailSignupForm list="waitlist" submitLabel="Notify Me" inputLabel="Email address for launch notification" />
        </div>
      </PageSection>
    </>
  );
}
