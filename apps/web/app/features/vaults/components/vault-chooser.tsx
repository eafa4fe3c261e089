import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronRight, HelpCircle } from 'lucide-react';
import { fillPath, paths } from '@keel/core/paths';
import { VAULTS, type Vault } from '@keel/core/vaults';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '~/components/ui/card';
import { VAULT_UNAVAILABLE_MESSAGE, vaultStatusesQueryOptions } from '~/lib/vault-statuses';
import { ComparisonDialog } from './comparison-dialog';
import { VaultBadges } from './vault-badges';
import { useTransferDialogs } from '~/lib/transfer-dialogs';

function VaultChoiceCard({ vault, isUnavailable, onDeposit }: { vault: Vault; isUnavailable: boolean; onDeposit: () => void }) {
  return (
    <Card
      className={vault.mostPopular ? 'relative border-primary shadow-md' : 'relative'}
      aria-labelledby={`vault-${vault.id}-title`}
    >
      <CardHeader>
        <VaultBadges vault={vault} isUnavailable={isUnavailable} />
        <h2 id={`vault-${vault.id}-title`} className="text-lg font-semibold leading-tight">
          {vault.name}
        </h2>
        <p className="text-2xl font-bold text-primary">{vault.apyText}</p>
        <CardDescription>{vault.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {isUnavailable ? <p className="text-sm font-medium text-destructive">{VAULT_UNAVAILABLE_MESSAGE}</p> : null}
      </CardContent>
      <CardFooter className="gap-2">
        <Button variant="outline" asChild>
          <Link to={fillPath(paths.vault, { id: vault.id })} aria-label={`View Details of ${vault.name}`}>
            View Details
            <ChevronRight aria-hidden="true" />
          </Link>
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
  const { openDeposit } = useTransferDialogs();
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
    </div>
  );
}
