import { BookOpen, CircleHelp, ShieldCheck, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { Button } from '~/components/ui/button';
import { VaultComparisonTable } from '~/components/vault-comparison-table';
import { PageHero, PageSection, Prose, SectionHeading } from '../components/page-parts';

const NEXT_STEPS = [
  { icon: TrendingUp, title: 'How yields work', text: 'Where each vault’s returns come from.', to: paths.yieldsExplained },
  { icon: ShieldCheck, title: 'Security', text: 'How we protect your account and what is reviewed.', to: paths.audits },
  { icon: BookOpen, title: 'DeFi 101', text: 'A beginner’s guide to stablecoin yield.', to: paths.defi101 },
  { icon: CircleHelp, title: 'FAQ', text: 'Quick answers to common questions.', to: paths.faq },
] as const;

export function LearnMorePage() {
  return (
    <>
      <PageHero eyebrow="Learn more" title="Keel in five minutes">
        <p>Everything you need to decide whether Keel is right for you.</p>
      </PageHero>
      <PageSection>
        <Prose>
          <h2>What you get</h2>
          <ul>
            <li>Target yields of 5-30% APY across three vaults, compounded daily. Targets, not guarantees.</li>
            <li>Non-custodial savings: your USDC stays under the control of your own wallet.</li>
            <li>Withdraw anytime with no penalties from Keel (Growth Reserve has a 0.25% withdrawal fee).</li>
            <li>Everything on the Base network, where each transaction can be verified.</li>
          </ul>
          <h2>The three vaults</h2>
        </Prose>
        <VaultComparisonTable caption="Vault comparison" className="mt-4" />
      </PageSection>
      <PageSection aria-labelledby="next">
        <SectionHeading id="next" title="Keep reading" />
        <ul className="grid gap-4 sm:grid-cols-2">
          {NEXT_STEPS.map((step) => (
            <li key={step.title}>
              <Link
                to={step.to}
                className="flex h-full gap-4 rounded-xl border bg-card p-5 shadow-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <step.icon className="size-6 shrink-0 text-primary" aria-hidden="true" />
                <span>
                  <span className="block font-semibold">{step.title}</span>
                  <span className="block text-sm text-muted-foreground">{step.text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <Button asChild className="mt-8">
          <Link to={paths.getStarted}>Start Saving</Link>
        </Button>
      </PageSection>
    </>
  );
}
