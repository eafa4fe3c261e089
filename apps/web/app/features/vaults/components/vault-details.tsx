import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { paths } from '@keel/core/paths';
import type { Vault } from '@keel/core/vaults';
import { useVaultFigures } from '../hooks/use-vault-figures';
import { VaultBadges } from './vault-badges';
import { useTransferDialogs } from '~/lib/transfer-dialogs';
import { VaultContractCard } from './vault-contract-card';
import { VaultContractIdentity } from './vault-contract-identity';
import { VaultLiveFigures } from './vault-live-figures';
import { VaultPositionCard } from './vault-position-card';
import { VaultSharePriceSection } from './vault-share-price-section';
import { VaultWithdrawalTerms } from './vault-withdrawal-terms';

/**
 * /vaults/:id: what the vault is and its risk, its live figures from chain next
 * to the target range, its share price over time, the contract, the withdrawal
 * terms and the user's own position with Deposit and Withdraw. An unverified
 * vault says so and shows no figures.
 */
export function VaultDetails({ vault }: { vault: Vault }) {
  const { isUnavailable, address, contract, live, chart, retry } = useVaultFigures(vault.id);
  const { openDeposit, openWithdraw } = useTransferDialogs();

  return (
    <div className="flex flex-col gap-8">
      <p>
        <Link
          to={paths.vaults}
          className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          All vaults
        </Link>
      </p>
      <header className="flex flex-col gap-3">
        <VaultBadges vault={vault} isUnavailable={isUnavailable} />
        <h1 className="text-3xl font-bold">{vault.name}</h1>
        {contract ? <VaultContractIdentity contract={contract} /> : null}
        <p className="text-xl font-semibold text-primary">
          {vault.apyText} <span className="text-sm font-normal text-muted-foreground">target</span>
        </p>
        <p className="max-w-3xl text-muted-foreground">{vault.description}</p>
        {contract?.exposureNote ? (
          <p
            role="note"
            className="max-w-3xl rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
            data-testid="vault-exposure-note"
          >
            <span className="font-semibold">What this contract actually is: </span>
            {contract.exposureNote}
          </p>
        ) : null}
      </header>
      <VaultLiveFigures vault={vault} live={live} onRetry={retry} />
      {chart ? <VaultSharePriceSection vault={vault} chart={chart} /> : null}
      <div className="grid gap-6 md:grid-cols-3">
        <VaultPositionCard
          vault={vault}
          isUnavailable={isUnavailable}
          onDeposit={() => openDeposit(vault.id)}
          onWithdraw={() => openWithdraw(vault.id)}
        />
        <VaultWithdrawalTerms vault={vault} />
        <VaultContractCard vault={vault} address={address} />
      </div>
    </div>
  );
}
