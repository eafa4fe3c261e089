import { VAULTS, formatWithdrawalFee } from '@keel/core/vaults';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog';

const TYPE_LABELS = { instant: 'Instant access', 'auto-compound': 'Auto-compounding', growth: 'Growth' } as const;

/** "View Comparison Guide": the three vaults side by side. */
export function ComparisonDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Vault Comparison Guide</DialogTitle>
          <DialogDescription>
            Yields are targets or historical ranges, not guarantees. Withdrawal times and fees are sample terms.
          </DialogDescription>
        </DialogHeader>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">The three Keel vaults compared</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-2 pr-3">
                  Vault
                </th>
                <th scope="col" className="py-2 pr-3">
                  Target yield
                </th>
                <th scope="col" className="py-2 pr-3">
                  Type
                </th>
                <th scope="col" className="py-2 pr-3">
                  Risk
                </th>
                <th scope="col" className="py-2 pr-3">
                  Withdrawal time
                </th>
                <th scope="col" className="py-2">
                  Fee
                </th>
              </tr>
            </thead>
            <tbody>
              {VAULTS.map((vault) => (
                <tr key={vault.id} className="border-b last:border-0">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {vault.name}
                  </th>
                  <td className="py-2 pr-3">{vault.apyText}</td>
                  <td className="py-2 pr-3">{TYPE_LABELS[vault.type]}</td>
                  <td className="py-2 pr-3">{vault.risk}</td>
                  <td className="py-2 pr-3">{vault.withdrawal.time}</td>
                  <td className="py-2">{formatWithdrawalFee(vault)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="text-sm text-muted-foreground">
          Everyday Cash suits money you may need any day; Smart Savings compounds automatically for steady growth; Growth Reserve
          adds Bitcoin and Ethereum exposure and can fall as well as rise.
        </p>
      </DialogContent>
    </Dialog>
  );
}
