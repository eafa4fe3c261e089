import { ArrowLeftRight, BellRing, ScanFace, Smartphone } from 'lucide-react';
import { Badge } from '~/components/ui/badge';
import { EmailSignupForm } from '../components/email-signup-form';

export const MOBILE_FEATURES = [
  { icon: BellRing, title: 'Real-time notifications', text: 'Know the moment a deposit lands or a withdrawal completes.' },
  { icon: ArrowLeftRight, title: 'Quick transfers', text: 'Move USDC between vaults and your wallet in a few taps.' },
  { icon: ScanFace, title: 'Biometric security', text: 'Unlock with Face ID or your fingerprint.' },
] as const;

export function MobileSection() {
  return (
    <section id="mobile" aria-labelledby="mobile-title" className="bg-primary text-primary-foreground">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2">
        <div>
          <Badge className="bg-white text-primary dark:bg-primary-foreground">Coming Soon</Badge>
          <h2 id="mobile-title" className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
            Keel in your pocket
          </h2>
          <p className="mt-3 text-primary-foreground/90">
            Our mobile app is coming soon. Join the waitlist and we will let you know when the beta opens.
          </p>
          <ul className="mt-6 grid gap-4">
            {MOBILE_FEATURES.map((feature) => (
              <li key={feature.title} className="flex gap-3">
                <feature.icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
                <span>
                  <strong className="block">{feature.title}</strong>
                  <span className="text-sm text-primary-foreground/90">{feature.text}</span>
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-8 max-w-md">
            <EmailSignupForm list="waitlist" inputLabel="Email address for the mobile app waitlist" tone="dark" />
            <p className="mt-2 text-xs text-primary-foreground/90">We only email you about the app launch.</p>
          </div>
        </div>
        <div className="hidden justify-center lg:flex" aria-hidden="true">
          <div className="flex h-80 w-44 flex-col items-center justify-center gap-3 rounded-[2rem] border-4 border-white/40 bg-white/10">
            <Smartphone className="size-12" />
          </div>
        </div>
      </div>
    </section>
  );
}
