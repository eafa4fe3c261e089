import { Link } from 'react-router';
import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { paths } from '@keel/core/paths';
import type { Vault } from '@keel/core/vaults';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader } from '~/components/ui/card';
import { Spinner } from '~/components/ui/spinner';
import { POSITIONS_FAILED_MESSAGE } from '~/lib/positions';
import { useVaultPosition } from '../hooks/use-vault-position';
import type { PositionState } from '../vault-page-state';

function PositionBody({ vault, position }: { vault: Vault; position: PositionState }) {
  switch (position.kind) {
    case 'loading':
      return <Spinner label="Loading your position" />;
    case 'no-wallet':
      return (
        <p className="text-sm text-muted-foreground">
          Link a wallet on the{' '}
          <Link to={paths.vaultDashboard} className="text-primary underline underline-offset-4">
            Vault Dashboard
          </Link>{' '}
          to see what you hold here.
        </p>
      );
    case 'error':
      return (
        <p role="alert" className="text-sm text-destructive">
          {POSITIONS_FAILED_MESSAGE}
        </p>
      );
    case 'empty':
      return (
        <p className="text-sm text-muted-foreground" data-testid="vault-position-empty">
          Your linked wallet holds nothing in {vault.name} yet.
        </p>
      );
    case 'held':
      return (
        <dl className="grid grid-cols-2 gap-1 text-sm">
          <dt className="text-muted-foreground">Value</dt>
          <dd className="text-right font-medium" data-testid="vault-position-value">
            {position.value}
          </dd>
          <dt className="text-muted-foreground">Shares</dt>
          <dd className="text-right font-medium">{position.shares}</dd>
        </dl>
      );
  }
}

/** What the saver holds in this vault, with Deposit and Withdraw (off while the vault is unverified). */
export function VaultPositionCard({
  vault,
  isUnavailable,
  onDeposit,
  onWithdraw,
}: {
  vault: Vault;
  isUnavailable: boolean;
  onDeposit: () => void;
  onWithdraw: () => void;
}) {
  const position = useVaultPosition(vault.id);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold leading-tight">Your position</h2>
        {position.isOnChain ? <Badge variant="info">On chain</Badge> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <PositionBody vault={vault} position={position} />
        <div className="flex flex-wrap gap-2">
          <Button onClick={onDeposit} disabled={isUnavailable}>
            <ArrowDownToLine aria-hidden="true" />
            Deposit
          </Button>
          <Button variant="outline" onClick={onWithdraw} disabled={isUnavailable}>
            <ArrowUpFromLine aria-hidden="true" />
            Withdraw
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
