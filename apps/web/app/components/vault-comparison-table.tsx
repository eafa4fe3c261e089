import { VAULTS, formatWithdrawalFee } from '@keel/core/vaults';
import { cn } from '~/lib/cn';

const TYPE_LABELS = { instant: 'Instant access', 'auto-compound': 'Auto-compounding', growth: 'Growth' } as const;
const COLUMNS = ['Vault', 'Target yield', 'Type', 'Risk', 'Withdrawal time', 'Fee'] as const;

/** The three vaults side by side (the comparison guide and /learn-more). Withdrawal terms are sample terms. */
export function VaultComparisonTable({ caption, className }: { caption: string; className?: string }) {
  return (
    <div className={cn('overflow-x-auto', className)}>
      <table className="w-full min-w-[32rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b">
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="py-2 pr-3 last:pr-0">
                {column}
              </th>
            ))}
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
  );
}
