import type { RiskLabel } from '@keel/core/vaults';
import { Badge } from '~/components/ui/badge';

const RISK_VARIANT: Record<RiskLabel, 'success' | 'warning' | 'danger'> = {
  Low: 'success',
  Medium: 'warning',
  'Higher Risk': 'danger',
};

/** A vault's risk label: Low Risk, Medium Risk, Higher Risk. */
export function RiskBadge({ risk }: { risk: RiskLabel }) {
  return <Badge variant={RISK_VARIANT[risk]}>{risk === 'Higher Risk' ? 'Higher Risk' : `${risk} Risk`}</Badge>;
}
