import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ExternalLink, Info, LogOut } from 'lucide-react';
import { VAULT_CONFIG_KEYS, VAULTS } from '@keel/core/vaults';
import { AuthLinks } from '~/components/auth-links';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '~/components/ui/card';
import { Spinner } from '~/components/ui/spinner';
import { useSession, useSignOut } from '~/hooks/use-session';
import { publicConfigQueryOptions } from '~/lib/public-config';
import { historyOverviewQueryOptions } from '~/lib/history-overview';
import { externalVaultUrl } from '../external-vault-app';
import { ExampleDataArea } from './example-data';
import { RecentWeek } from './recent-week';
import { SecureVaultPanel } from './secure-vault-panel';
import { WeeklyPerformance } from './weekly-performance';
import { RealisedApyNote } from './realised-apy-note';

type ConfiguredVaults = { everydayCash: string; smartSavings: string; growthReserve: string };

function ExternalVaultCards({ addresses }: { addresses: ConfiguredVaults }) {
  return (
    <section aria-labelledby="vault-apps" className="flex flex-col gap-4">
      <h2 id="vault-apps" className="text-xl font-semibold">
        Your Vaults on Base
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        {VAULTS.map((vault) => {
          const address = addresses[VAULT_CONFIG_KEYS[vault.id]];
          return (
            <Card key={vault.id}>
              <CardHeader>
                <CardTitle>{vault.name}</CardTitle>
                <CardDescription>{vault.apyText}</CardDescription>
                <RealisedApyNote vaultId={vault.id} />
                <p className="break-all font-mono text-xs text-muted-foreground">{address}</p>
              </CardHeader>
              <CardFooter>
                <Button asChild variant="outline" className="w-full">
                  <a href={externalVaultUrl(address)} target="_blank" rel="noopener noreferrer">
                    Open in external vault app
                    <ExternalLink aria-hidden="true" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </Button>
              </CardFooter>
            </Card>
          );
        })}
      </div>
    </section>
  );
}

/**
 * /vault-dashboard: Your Vault Dashboard. The wallet panel comes in as a slot
 * (it belongs to the wallet feature, which this feature may not import).
 */
export function VaultDashboard({ walletPanel }: { walletPanel: ReactNode }) {
  const { user } = useSession();
  const signOut = useSignOut();
  const config = useQuery(publicConfigQueryOptions());
  const overview = useQuery(historyOverviewQueryOptions(Boolean(user)));

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-wrap items-center justify-between gap-4 border-b pb-4">
        <h1 className="text-3xl font-bold">Your Vault Dashboard</h1>
        {user ? (
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-sm text-muted-foreground" data-testid="signed-in-email">
              {user.email}
            </span>
            <Button variant="outline" size="sm" onClick={() => void signOut()}>
              <LogOut aria-hidden="true" />
              Sign Out
            </Button>
          </div>
        ) : (
          <AuthLinks signInVariant="outline" />
        )}
      </header>

      <Alert variant="info" className="flex gap-2">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          Keel uses real third-party vaults on the Base network. Your funds stay in your own wallet and the vault contracts; Keel
          never holds them.
        </span>
      </Alert>

      {user ? (
        <div className="grid gap-6 lg:grid-cols-2">
          {walletPanel}
          {config.data ? (
            <SecureVaultPanel vaultAddress={config.data.vaults.everydayCash} isSignedIn />
          ) : (
            <Spinner label="Loading vault data" />
          )}
        </div>
      ) : null}

      {overview.data?.hasHistory ? (
        <RecentWeek />
      ) : (
        <ExampleDataArea note="Sample vault figures, for illustration: not live vault data. Your own week replaces them once Base confirms your first deposit.">
          <WeeklyPerformance />
        </ExampleDataArea>
      )}

      {config.isError ? (
        <Alert variant="destructive">Vault addresses could not be loaded. Please reload the page.</Alert>
      ) : config.data ? (
        <ExternalVaultCards addresses={config.data.vaults} />
      ) : (
        <Spinner label="Loading vaults" />
      )}
    </div>
  );
}
