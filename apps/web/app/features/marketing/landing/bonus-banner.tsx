import { Gift } from '~/components/ui/shell-icons';
import { Link } from 'react-router';
import { BONUS } from '@keel/core/constants';
import { paths } from '@keel/core/paths';

/**
 * The promotion: $10 USDC for an August deposit of at least $100, one per user, ends Sept 1st.
 * Shown only while the operator's campaign runs (BONUS_STARTS_AT / BONUS_ENDS_AT, by the
 * visitor's clock: lib/site-settings.ts); hidden by CSS otherwise, never frozen at build time.
 */
export function BonusBanner() {
  return (
    <aside
      aria-label="August deposit bonus"
      className="bg-primary text-primary-foreground"
      data-testid="bonus-banner"
      data-bonus-banner=""
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-3 gap-y-1 px-4 py-2.5 text-center text-sm">
        <Gift className="size-4 shrink-0" aria-hidden="true" />
        <p>
          <strong>August bonus:</strong> deposit during August and receive a ${BONUS.amountUsd} USDC bonus in your wallet. Minimum
          deposit ${BONUS.minimumDepositUsd}, limited to {BONUS.perUser} deposit per user, ends {BONUS.endsLabel}.
        </p>
        <Link to={paths.getStarted} className="font-semibold underline underline-offset-4">
          Claim bonus
        </Link>
      </div>
    </aside>
  );
}
