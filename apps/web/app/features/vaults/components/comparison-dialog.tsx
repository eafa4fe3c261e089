import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { VaultComparisonTable } from '~/components/vault-comparison-table';

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
        <VaultComparisonTable caption="The three Keel vaults compared" />
        <p className="text-sm text-muted-foreground">
          Everyday Cash suits money you may need any day; Smart Savings compounds automatically for steady growth; Growth Reserve
          adds Bitcoin and Ethereum exposure and can fall as well as rise.
        </p>
      </DialogContent>
    </Dialog>
  );
}
