import { ArrowRight, Clock, Star } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { VAULTS, formatWithdrawalFee, type RiskLabel } from '@keel/core/vaults';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/components/ui/card';
import { cn } from '~/lib/cn';

const RISK_BADGE: Record<RiskLabel, 'success' | 'warning' | 'danger'> = {
  Low: 'success',
  Medium: 'warning',
  'Higher Risk': 'danger',
};

const TYPE_LABEL = { instant: 'Instant access', 'auto-compound': 'Auto-compounding', growth: 'Long-term growth' } as const;

export function VaultCards() {
  return (
    <section id="vaults" aria-labelledby="vaults-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <div className="mb-8 max-w-3xl">
        <h2 id="vaults-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Savings Vaults
        </h2>
        <p className="mt-3 text-muted-foreground">
          Three vaults for three kinds of money. Rates are target ranges, not guarantees; higher targets come with higher risk.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        {VAULTS.map((vault) => (
          <Card
            key={vault.id}
            id={vault.id}
            className={cn('flex flex-col', vault.mostPopular && 'border-primary ring-1 ring-primary')}
          >
            <CardHeader>
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant={RISK_BADGE[vault.risk]}>{vault.risk}</Badge>
                {vault.mostPopular && (
                  <Badge>
                    <Star className="mr-1 size-3" aria-hidden="true" />
                    Most Popular
                  </Badge>
                )}
              </div>
              <CardTitle className="mt-2 text-xl">{vault.name}</CardTitle>
              <p className="text-3xl font-bold text-primary">{vault.apyText}</p>
              <p className="text-xs text-muted-foreground">Target range · {TYPE_LABEL[vault.type]}</p>
            </CardHeader>
            <CardContent className="flex-1">
              <CardDescription className="text-base">{vault.description}</CardDescription>
              <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
                <dt className="flex items-center gap-1 text-muted-foreground">
                  <Clock className="size-3.5" aria-hidden="true" /> Withdrawal
                </dt>
                <dd className="text-right font-medium">{vault.withdrawal.time}</dd>
                <dt className="text-muted-foreground">Withdrawal fee</dt>
                <dd className="text-right font-medium">{formatWithdrawalFee(vault)}</dd>
              </dl>
              {vault.withdrawal.notice && <p className="mt-3 text-xs text-muted-foreground">{vault.withdrawal.notice}</p>}
            </CardContent>
            <CardFooter className="flex flex-col items-stretch gap-2">
              <Button asChild>
                <Link to={paths.getStarted} aria-label={`Start Saving in ${vault.name}`}>
                  Start Saving
                </Link>
              </Button>
              <Link
                to={paths.yieldsExplained}
                className="inline-flex items-center justify-center gap-1 text-sm text-primary hover:underline"
                aria-label={`Learn How Yields Are Generated in ${vault.name}`}
              >
                Learn How Yields Are Generated
                <ArrowRight className="size-3.5" aria-hidden="true" />
              </Link>
            </CardFooter>
          </Card>
        ))}
      </div>
    </section>
  );
}
