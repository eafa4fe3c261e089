import { Star } from 'lucide-react';
import type { Vault } from '@keel/core/vaults';
import { Badge } from '~/components/ui/badge';
import { RiskBadge } from './risk-badge';

/** The badges above a vault's name: its risk, Most Popular, and Unavailable when its chain reads fail. */
export function VaultBadges({ vault, isUnavailable }: { vault: Vault; isUnavailable: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <RiskBadge risk={vault.risk} />
      {vault.mostPopular ? (
        <Badge>
          <Star className="mr-1 size-3" aria-hidden="true" />
          Most Popular
        </Badge>
      ) : null}
      {isUnavailable ? <Badge variant="danger">Unavailable</Badge> : null}
    </div>
  );
}
