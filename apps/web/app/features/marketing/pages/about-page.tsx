import { Compass, HeartHandshake, Scale } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { Button } from '~/components/ui/button';
import { PageHero, PageSection, Prose, SectionHeading } from '../components/page-parts';

const VALUES = [
  {
    icon: HeartHandshake,
    title: 'Your money stays yours',
    text: 'Non-custodial by design: we build tools, we never hold your funds.',
  },
  {
    icon: Scale,
    title: 'Honest numbers',
    text: 'Yields are shown as targets or historical ranges, with the risks next to them.',
  },
  { icon: Compass, title: 'Plain language', text: 'Saving should not need a glossary. We explain every step as we go.' },
] as const;

export function AboutPage() {
  return (
    <>
      <PageHero eyebrow="About Keel" title="Savings that keep you steady">
        <p>
          A keel keeps a boat upright in rough water. We want Keel to do the same for your savings: steady, transparent and always
          under your control.
        </p>
      </PageHero>
      <PageSection>
        <Prose>
          <h2>Why we built Keel</h2>
          <p>
            Cash in a current account often earns close to nothing, while on-chain lending markets pay borrowers’ interest to
            savers around the clock. Getting at that yield has meant juggling wallets, protocols and jargon. Keel puts it behind a
            simple app: choose a vault, deposit USDC, and watch it compound.
          </p>
          <p>
            We chose to be non-custodial from day one. Your USDC goes from your wallet into third-party vault contracts on Base,
            and only you can withdraw it. That means we cannot lend out, freeze or lose your deposits.
          </p>
          <h2>What we are not</h2>
          <p>
            Keel is not a bank and deposits are not FDIC insured. The vaults carry real risks, which we set out plainly in our{' '}
            <Link to={paths.risk}>risk disclosure</Link>.
          </p>
        </Prose>
      </PageSection>
      <PageSection>
        <SectionHeading title="What we value" />
        <div className="grid gap-6 md:grid-cols-3">
          {VALUES.map((value) => (
            <div key={value.title} className="rounded-xl border bg-card p-6 shadow-sm">
              <value.icon className="size-6 text-primary" aria-hidden="true" />
              <h3 className="mt-4 font-semibold">{value.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{value.text}</p>
            </div>
          ))}
        </div>
        <div className="mt-10 flex flex-wrap gap-3">
          <Button asChild>
            <Link to={paths.getStarted}>Get Started</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.careers}>Join the team</Link>
          </Button>
        </div>
      </PageSection>
    </>
  );
}
