import { FaqSection } from './faq-section';
import { FeatureCards } from './feature-cards';
import { HowItWorks } from './how-it-works';
import { LearnSection } from './learn-section';
import { MobileSection } from './mobile-section';
import { NewsletterSection } from './newsletter-section';
import { SecuritySection } from './security-section';
import { TestimonialsSection } from './testimonials-section';
import { TrustSection } from './trust-section';
import { VaultCards } from './vault-cards';
import { YieldsTicker } from './yields-ticker';

/** Everything after the hero, in the page's order; one lazily loaded chunk (see home-page.tsx). */
export default function LandingSections() {
  return (
    <>
      <FeatureCards />
      <YieldsTicker />
      <VaultCards />
      <HowItWorks />
      <SecuritySection />
      <TestimonialsSection />
      <TrustSection />
      <MobileSection />
      <FaqSection />
      <LearnSection />
      <NewsletterSection />
    </>
  );
}
