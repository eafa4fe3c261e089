import { formatWithdrawalFee, type Vault } from '@keel/core/vaults';
import { Card, CardContent, CardHeader } from '~/components/ui/card';

const TYPE_LABELS = { instant: 'Instant access', 'auto-compound': 'Auto-compounding', growth: 'Growth' } as const;

/** The vault's withdrawal time and fee: sample terms, and labelled as such. */
export function VaultWithdrawalTerms({ vault }: { vault: Vault }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Withdrawal terms</h2>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-1 text-sm">
          <dt className="text-muted-foreground">Type</dt>
          <dd>{TYPE_LABELS[vault.type]}</dd>
          <dt className="text-muted-foreground">Withdrawal time</dt>
          <dd>{vault.withdrawal.time}</dd>
          <dt className="text-muted-foreground">Fee</dt>
          <dd>{formatWithdrawalFee(vault)}</dd>
          {vault.withdrawal.notice ? (
            <dd className="col-span-2 text-amber-900 dark:text-amber-200">{vault.withdrawal.notice}</dd>
          ) : null}
          <dd className="col-span-2 text-xs text-muted-foreground">Withdrawal time and fee are sample terms.</dd>
        </dl>
      </CardContent>
    </Card>
  );
}
