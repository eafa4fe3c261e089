import type { ReactNode } from 'react';
import { useTransferDialogs } from '~/lib/transfer-dialogs';
import { EMPTY_HINT } from '../dashboard-totals';
import { firstRunSteps } from '../first-run';
import { useDashboard } from '../hooks/use-dashboard';
import { ActiveVaults } from './active-vaults';
import { BalancesLoading, DashboardFrame, DashboardHeader } from './dashboard-frame';
import { ExampleWeek } from './example-week';
import { FirstRunChecklist } from './first-run-checklist';
import { ReadyToDeposit } from './ready-to-deposit';
import { RecentWeek } from './recent-week';
import { ReadFailed, StatCard } from './stat-card';

/**
 * /dashboard: Welcome Back. Money comes from the chain (positions of the
 * linked wallet, 'On chain') plus the operator-recorded deposits ('Recorded').
 * Totals: the balance adds both; earnings and average APY follow the
 * recorded deposits' rules and add the on-chain positions' earnings and
 * realised APY from the indexed history (dashboard-totals.ts).
 */
export function SavingsDashboard({
  savingsAccount = null,
  linkAlternative = null,
}: {
  /** The passkey savings account's card (its feature), shown above the totals. */
  savingsAccount?: ReactNode;
  /** Another way to finish the checklist's first step (creating a passkey savings account). */
  linkAlternative?: ReactNode;
} = {}) {
  const dashboard = useDashboard();
  const { openDeposit, openWithdraw } = useTransferDialogs();
  const { balance, isReadFailed } = dashboard;

  // The HTML /dashboard is served with (dashboard-frame.tsx), until the linked wallet is known; with the same
  // first step as the HTML's, so nothing moves when the page replaces it.
  if (dashboard.isFramePending) return <DashboardFrame linkAlternative={linkAlternative} />;

  return (
    <div className="flex flex-col gap-8">
      <DashboardHeader
        linkedAddress={dashboard.linkedAddress}
        onDeposit={() => openDeposit()}
        onWithdraw={() => openWithdraw()}
      />
      {/* The header stays mounted when the body replaces the loading block. */}
      {dashboard.showBody ? (
        <>
          {dashboard.showFirstRun ? (
            <FirstRunChecklist
              steps={firstRunSteps(dashboard.firstRunFacts)}
              onDeposit={openDeposit}
              linkAlternative={linkAlternative}
            />
          ) : null}

          {dashboard.linkedAddress ? <ReadyToDeposit onDeposit={() => openDeposit()} /> : null}

          <section aria-label="Totals" className="grid gap-4 md:grid-cols-3">
            <StatCard
              title="Total Balance"
              value={
                isReadFailed ? (
                  <ReadFailed onRefresh={dashboard.refreshPositions} isRefreshing={dashboard.isRefreshingPositions} />
                ) : (
                  balance.value
                )
              }
              note={balance.note}
              parts={balance.parts}
              hint={balance.isEmpty && !isReadFailed ? EMPTY_HINT : null}
            />
            <StatCard title="Total Earnings" {...dashboard.totals.earnings} />
            <StatCard title="Average APY" {...dashboard.totals.averageApy} />
          </section>

          <ActiveVaults dashboard={dashboard} />

          {dashboard.hasHistory ? <RecentWeek /> : <ExampleWeek />}

          {/* Last: it is not part of the prerendered frame, so above the cards it would move them as it arrived. */}
          {savingsAccount}
        </>
      ) : (
        <BalancesLoading />
      )}
    </div>
  );
}
