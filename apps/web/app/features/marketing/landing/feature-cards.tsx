import { Lock, TrendingUp, Zap } from 'lucide-react';
import { ADVERTISED_APY } from '@keel/core/constants';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';

const FEATURES = [
  {
    icon: TrendingUp,
    title: 'High Yields',
    text: `Earn ${ADVERTISED_APY.min}-${ADVERTISED_APY.max}% APY* on idle cash, compounded daily.`,
  },
  { icon: Lock, title: 'Non-Custodial', text: 'You always control your funds. Keel never holds your USDC or your keys.' },
  { icon: Zap, title: 'Instant Access', text: 'Withdraw anytime, no penalties. Everyday Cash withdrawals are instant.' },
] as const;

export function FeatureCards() {
  return (
    <section id="about" aria-labelledby="about-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h2 id="about-title" className="sr-only">
        Why Keel
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        {FEATURES.map((feature) => (
          <Card key={feature.title}>
            <CardHeader>
              <span className="flex size-10 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
                <feature.icon className="size-5" aria-hidden="true" />
              </span>
              <CardTitle className="mt-2">{feature.title}</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="text-muted-foreground">{feature.text}</p>
            </CardContent>
          </Card>
        ))}
      </div>
      <p className="mt-4 text-xs text-muted-foreground">*Target range, not guaranteed.</p>
    </section>
  );
}
