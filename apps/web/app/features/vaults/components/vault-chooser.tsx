import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronDown, ChevronUp, HelpCircle, Star } from 'lucide-react';
import { paths } from '@keel/core/paths';
import { VAULTS, formatWithdrawalFee, type RiskLabel, type Vault } from '@keel/core/vaults';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '~/components/ui/card';
import { VAULT_UNAVAILABLE_MESSAGE, vaultStatusesQueryOptions } from '../api/vault-statuses';
import { ComparisonDialog } from './comparison-dialog';
import { useTransferDialogs } from './transfer-dialogs';

const RISK_VARIANT: Record<RiskLabel, 'success' | 'warning' | 'danger'> = {
  Low: 'success',
  Medium: 'warning',
  'Higher Risk': 'danger',
};

const TYPE_LABELS = { instant: 'Instant access', 'auto-compound': 'Auto-compounding', growth: 'Growth' } as const;

function VaultChoiceCard({ vault, isUnavailable, onDeposit }: { vault: Vault; isUnavailable: boolean; onDeposit: () => void }) {
  const [showDetails, setShowDetails] = useState(false);
  const detailsId = `vault-details-${vault.id}`;
  return (
    <Card
      className={vault.mostPopular ? 'relative border-primary shadow-md' : 'relative'}
      aria-labelledby={`vault-${vault.id}-title`}
    >
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={RISK_VARIANT[vault.risk]}>{vault.risk === 'Higher Risk' ? 'Higher Risk' : `${vault.risk} Risk`}</Badge>
          {vault.mostPopular ? (
            <Badge>
              <Star className="mr-1 size-3" aria-hidden="true" />
              Most Popular
            </Badge>
          ) : null}
          {isUnavailable ? <Badge variant="danger">Unavailable</Badge> : null}
        </div>
        <h2 id={`vault-${vault.id}-title`} className="text-lg font-semibold leading-tight">
          {vault.name}
        </h2>
        <p className="text-2xl font-bold text-primary">{vault.apyText}</p>
        <CardDescription>{vault.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {isUnavailable ? <p className="text-sm font-medium text-destructive">{VAULT_UNAVAILABLE_MESSAGE}</p> : null}
        {showDetails ? (
          <dl id={detailsId} className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-3 text-sm">
            <dt className="text-muted-foreground">Type</dt>
            <dd>{TYPE_LABELS[vault.type]}</dd>
            <dt className="text-muted-foreground">Target yield</dt>
            <dd>{vault.apyText}</dd>
            <dt className="text-muted-foreground">Withdrawal time</dt>
            <dd>{vault.withdrawal.time}</dd>
            <dt className="text-muted-foreground">Fee</dt>
            <dd>{formatWithdrawalFee(vault)}</dd>
            {vault.withdrawal.notice ? (
              <dd className="col-span-2 text-amber-900 dark:text-amber-200">{vault.withdrawal.notice}</dd>
            ) : null}
            <dd className="col-span-2 text-xs text-muted-foreground">Withdrawal time and fee are sample terms.</dd>
          </dl>
        ) : null}
      </CardContent>
      <CardFooter className="gap-2">
        <Button
          variant="outline"
          aria-expanded={showDetails}
          aria-controls={detailsId}
          onClick={() => setShowDetails((value) => !value)}
        >
          {showDetails ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
          {showDetails ? 'Hide Details' : 'View Details'}
        </Button>
        <Button onClick={onDeposit} disabled={isUnavailable}>
          Deposit
        </Button>
      </CardFooter>
    </Card>
  );
}

/** /vaults: Choose Your Vault. */
export function VaultChooser() {
  const { openDeposit, dialogs } = useTransferDialogs();
  const [isComparing, setIsComparing] = useState(false);
  const statuses = useQuery(vaultStatusesQueryOptions());
  const isUnavailable = (vault: Vault) => statuses.data?.find((entry) => entry.id === vault.id)?.available === false;
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">Choose Your Vault</h1>
        <p className="text-muted-foreground">
          Three vaults, three levels of risk. Yields are targets or historical ranges, not guarantees.
        </p>
      </header>
      <div className="grid gap-6 md:grid-cols-3">
        {VAULTS.map((vault) => (
          <VaultChoiceCard
            key={vault.id}
            vault={vault}
            isUnavailable={isUnavailable(vault)}
            onDeposit={() => openDeposit(vault.id)}
          />
        ))}
      </div>
      <section aria-labelledby="help-choosing" className="flex flex-col gap-3 rounded-xl border bg-secondary p-6">
        <h2 id="help-choosing" className="flex items-center gap-2 text-xl font-semibold">
          <HelpCircle className="size-5" aria-hidden="true" />
          Need Help Choosing?
        </h2>
        <p className="text-sm text-secondary-foreground">
          Not sure which vault fits? Talk to our team or compare the vaults side by side.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={`${paths.support}#contact`}>Contact Support</Link>
          </Button>
          <Button variant="outline" onClick={() => setIsComparing(true)}>
            View Comparison Guide
          </Button>
        </div>
      </section>
      <p>
        <Link to={paths.vaults} className="text-primary underline-offset-4 hover:underline">
          View all vaults
        </Link>
      </p>
      <ComparisonDialog open={isComparing} onOpenChange={setIsComparing} />
      {dialogs}
    </div>
  );
}
