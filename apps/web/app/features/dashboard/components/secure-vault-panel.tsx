import { useQuery } from '@tanstack/react-query';
import { RefreshCw, ShieldCheck } from 'lucide-react';
import { formatUsd, parseUsdc } from '@keel/core/money';
import { Alert } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';
import { Spinner } from '~/components/ui/spinner';
import { vaultDataQueryOptions } from '../api/vault-data';

/** Asset values arrive as decimal strings (possibly with more than 6 decimals); shown as dollars. */
function formatAssetValue(value: string): string {
  try {
    return formatUsd(parseUsdc(value));
  } catch {
    const amount = Number(value);
    return Number.isFinite(amount) && amount >= 0 ? formatUsd(parseUsdc(amount.toFixed(6))) : value;
  }
}

/**
 * The secure vault data panel: loading, then the on-chain figures or
 * one of three errors. Loads only for a signed-in user.
 */
export function SecureVaultPanel({ vaultAddress, isSignedIn }: { vaultAddress: string; isSignedIn: boolean }) {
  const query = useQuery(vaultDataQueryOptions(vaultAddress, isSignedIn));

  return (
    <Card aria-labelledby="secure-vault-title" aria-busy={query.isFetching}>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="flex flex-col gap-1.5">
          <h2 id="secure-vault-title" className="flex items-center gap-2 text-lg font-semibold leading-tight">
            <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
            Secure Vault Data
          </h2>
          <CardDescription>Read live from the vault contract on Base.</CardDescription>
        </div>
        {isSignedIn ? (
          <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
            <RefreshCw aria-hidden="true" />
            Refresh
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {!isSignedIn ? (
          <p className="text-sm text-muted-foreground">Sign in to see vault data.</p>
        ) : query.isPending ? (
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner label="Loading vault data" />
            Loading vault data…
          </div>
        ) : query.isError ? (
          <>
            <Alert variant="destructive">{query.error.message}</Alert>
            <p className="mt-2 text-sm text-muted-foreground">Use Refresh to try again in a moment.</p>
          </>
        ) : (
          <dl className="grid gap-3 sm:grid-cols-2" data-testid="secure-vault-data">
            <div>
              <dt className="text-sm text-muted-foreground">Vault</dt>
              <dd className="font-medium">{query.data.name}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Status</dt>
              <dd className="font-medium">{query.data.userAccessLevel ?? 'Not provided'}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Total Net Asset Value</dt>
              <dd className="font-medium">{formatAssetValue(query.data.totalNetAssetValue)}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Total Gross Asset Value</dt>
              <dd className="font-medium">{formatAssetValue(query.data.totalGrossAssetValue)}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Share Price</dt>
              <dd className="font-medium">{query.data.latestSharePrice.price}</dd>
            </div>
            {typeof query.data.userBalance !== 'string' ? null : (
              <div>
                <dt className="flex items-center gap-2 text-sm text-muted-foreground">
                  Your position <Badge variant="info">On chain</Badge>
                </dt>
                <dd className="font-medium" data-testid="secure-vault-position">
                  {formatAssetValue(query.data.userBalance)}
                </dd>
              </div>
            )}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
