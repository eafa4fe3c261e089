import { useQuery } from '@tanstack/react-query';
import { ArrowDownToLine } from 'lucide-react';
import { formatUsd, shortenAddress } from '@keel/core/money';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';
import { AddMoneyButton } from './add-money-button';
import { savingAddressesQueryOptions } from '~/lib/saving-addresses';

/**
 * USDC sitting in the saver's own addresses, not yet in a vault: "Ready to deposit", with Deposit. Shown only
 * when there is some; money that arrives is seen before it earns anything.
 */
export function ReadyToDeposit({ onDeposit }: { onDeposit: () => void }) {
  const addresses = useQuery(savingAddressesQueryOptions());
  const holding = (addresses.data?.addresses ?? []).flatMap((entry) =>
    entry.usdc !== null && BigInt(entry.usdc) > 0n ? [{ address: entry.address, micro: BigInt(entry.usdc) }] : [],
  );
  if (holding.length === 0) return null;
  const total = holding.reduce((sum, entry) => sum + entry.micro, 0n);
  return (
    <Card aria-labelledby="ready-to-deposit-title" data-testid="ready-to-deposit">
      <CardHeader>
        <h2 id="ready-to-deposit-title" className="text-lg font-semibold leading-tight">
          Ready to deposit
        </h2>
        <CardDescription>USDC in your wallet on Base that is not in a vault yet, so it earns nothing.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-2xl font-bold" data-testid="ready-to-deposit-amount">
            {formatUsd(total)}
          </p>
          <ul className="text-sm text-muted-foreground">
            {holding.map((entry) => (
              <li key={entry.address}>
                {formatUsd(entry.micro)} in <code className="font-mono">{shortenAddress(entry.address)}</code>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={onDeposit}>
            <ArrowDownToLine aria-hidden="true" />
            Deposit
          </Button>
          <AddMoneyButton />
        </div>
      </CardContent>
    </Card>
  );
}
