import { useQuery } from '@tanstack/react-query';
import { useSession } from '~/hooks/use-session';
import { historyOverviewQueryOptions } from '~/lib/history-overview';
import { linkedWalletQueryOptions } from '~/lib/linked-wallet';
import { passkeyAccountQueryOptions } from '~/lib/passkey-account-query';
import { publicConfigQueryOptions } from '~/lib/public-config';
import { positionsQueryOptions } from '~/lib/positions';
import { transfersQueryOptions } from '../api/transfers';
import { dashboardView } from '../dashboard-view';
import { useRecordedDeposits } from './use-recorded-deposits';
import { useStaysTrue } from './use-stays-true';

/**
 * The dashboard's reads and what they mean for the page. The linked wallet is
 * read first; the balances, history and transfers only once one is linked.
 */
export function useDashboard() {
  const { user } = useSession();
  const linked = useQuery({ ...linkedWalletQueryOptions(), enabled: Boolean(user) });
  const hasLink = (linked.data?.walletAddress ?? null) !== null;
  const recorded = useRecordedDeposits(hasLink);
  const positions = useQuery(positionsQueryOptions(hasLink));
  const overview = useQuery(historyOverviewQueryOptions(hasLink));
  const transfers = useQuery(transfersQueryOptions(hasLink));
  const view = dashboardView({ linked, recorded, positions, overview, transfers });
  // The savings account's card is part of the body: shown with it, never arriving after it and moving it.
  const config = useQuery(publicConfigQueryOptions());
  const passkeyAccounts = config.data?.passkeyAccount.enabled === true;
  const passkeyAccount = useQuery({ ...passkeyAccountQueryOptions(), enabled: passkeyAccounts && Boolean(user) });
  const savingsAccountKnown = config.isError || (config.isSuccess && (!passkeyAccounts || !passkeyAccount.isPending));
  return {
    ...view,
    recorded,
    /** Until the server has said whether a wallet is linked, the page is its frame: what shows next depends on it. */
    isFramePending: linked.isPending && Boolean(user),
    isLinkLoading: linked.isLoading,
    // Once shown, the checklist stays for this visit, so the saver sees the last step tick off; and the
    // page stays (a refetch, or a wallet linked during this visit, does not take it back to the loading block).
    showFirstRun: useStaysTrue(view.isFirstRun),
    showBody: useStaysTrue(view.haveFactsAnswered && savingsAccountKnown),
    refreshPositions: () => void positions.refetch(),
    isRefreshingPositions: positions.isFetching,
  };
}
export type Dashboard = ReturnType<typeof useDashboard>;
