import { ArrowRight } from '~/components/ui/shell-icons';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ADVERTISED_APY } from '@keel/core/constants';
import { paths } from '@keel/core/paths';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { HeroStats } from './hero-stats';

const TAGLINE = ['Your Money,', 'Your Control,', 'Your Returns'] as const;
const ROTATE_MS = 2_500;

/**
 * The rotating tagline: all three phrases are always in the HTML (so the
 * prerendered heading is complete and nothing shifts); the highlight moves.
 */
function useRotatingIndex(length: number): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % length), ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [length]);
  return index;
}

export function Hero() {
  const active = useRotatingIndex(TAGLINE.length);
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-accent to-background">
      <div className="mx-auto flex max-w-6xl flex-col items-center px-4 py-16 text-center sm:px-6 sm:py-24">
        <p className="mb-4 rounded-full border bg-background px-3 py-1 text-sm text-muted-foreground">
          Non-custodial USDC savings on Base
        </p>
        <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight sm:text-6xl" data-testid="hero-tagline">
          {TAGLINE.map((phrase, index) => (
            <span
              key={phrase}
              className={cn('transition-colors duration-500', index === active ? 'text-primary' : 'text-foreground')}
            >
              {phrase}
              {index < TAGLINE.length - 1 ? ' ' : ''}
            </span>
          ))}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-muted-foreground">
          Earn a target of {ADVERTISED_APY.min}-{ADVERTISED_APY.max}% APY* on idle cash in vaults you control. Withdraw anytime,
          with no penalties, and see every transaction on the blockchain.
        </p>
        <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg">
            <Link to={paths.getStarted}>
              Start Earning Today
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.yieldsExplained}>How Yields Work</Link>
          </Button>
        </div>
        <HeroStats />
        <p className="mt-6 max-w-2xl text-xs text-muted-foreground">
          *APY figures are target ranges based on historical performance, not guarantees. Returns vary and the Growth Reserve
          vault can lose value. Keel is not a bank and deposits are not FDIC insured.
        </p>
      </div>
    </section>
  );
}
