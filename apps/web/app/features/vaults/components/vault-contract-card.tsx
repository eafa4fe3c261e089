import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import type { Vault } from '@keel/core/vaults';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';
import { Spinner } from '~/components/ui/spinner';
import { CopyAddressButton } from '~/components/copy-address-button';
import { publicConfigQueryOptions } from '~/lib/public-config';

/** The vault's contract address, to copy or check on the block explorer. */
export function VaultContractCard({ vault, address }: { vault: Vault; address: string | null }) {
  const config = useQuery(publicConfigQueryOptions());
  const explorer = config.data?.explorerUrl ?? null;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Contract</h2>
        <CardDescription>The {vault.name} vault on Base. Check it yourself on the block explorer.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {address ? (
          <>
            <code className="break-all rounded bg-muted px-2 py-1 font-mono text-sm" data-testid="vault-address">
              {address}
            </code>
            <div className="flex flex-wrap gap-2">
              <CopyAddressButton address={address} />
              {explorer ? (
                <Button variant="outline" size="sm" asChild>
                  <a href={`${explorer}/address/${address}`} target="_blank" rel="noopener noreferrer">
                    <ExternalLink aria-hidden="true" />
                    View on explorer
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </Button>
              ) : null}
            </div>
          </>
        ) : (
          <Spinner label="Loading the contract address" />
        )}
      </CardContent>
    </Card>
  );
}
