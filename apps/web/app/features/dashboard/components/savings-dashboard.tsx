import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { RefreshCw, Wallet } from 'lucide-react';
import {
  formatDecimal,
  formatUsd,
  localIsoDate,
  summarizeDeposits,
  summarizeDepositsByVault,
  type DepositSummary,
} from '@keel/core/money';
import { paths } from '@keel/core/paths';
import { findVault, findVaultByName, type VaultId } from '@keel/core/vaults';
import { Alert } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Spinner } from '~/components/ui/spinner';
import { useSession } from '~/hooks/use-session';
import { cn } from '~/lib/cn';
import { historyOverviewQueryOptions } from '~/lib/history-overview';
import { linkedWalletQueryOptions } from '~/lib/linked-wallet';
import { useWalletState } from '~/lib/wallet-state';
import { depositsQueryOptions } from '../api/deposits';
import { POSITIONS_FAILED_MESSAGE, positionsQueryOptions } from '~/lib/positions';
import { VAULT_UNAVAILABLE_MESSAGE } from '~/lib/vault-statuses';
import { transfersQueryOptions } from '../api/transfers';
import { DASHBOARD_WEEK } from '../sample-data';
import { EMPTY_FIGURE, EMPTY_HINT, buildDashboardTotals, type TotalPart, type Tone } from '../dashboard-totals';
import { firstRunSteps, isFirstRun } from '../first-run';
import { ExampleDataArea } from './example-data';
import { FirstRunChecklist } from './first-run-checklist';
import { RealisedApyNote } from './realised-apy-note';
import { BalancesLoading, DashboardFrame, DashboardHeader } from './dashboard-frame';
import { RecentWeek } from './recent-week';
import { useTransferDialogs } from '~/lib/transfer-dialogs';

const EMPTY_SUMMARY: DepositSummary = { totalBalance: 0n, totalEarnings: 0n, averageApy: '0.0', count: 0 };

function useRecordedDeposits(enabled: boolean) {
  const query = useQuery(depositsQueryOptions(enabled));
  const { error } = query;
  useEffect(() => {
    // SPEC §8: a failed deposit fetch is only logged; the totals fall back to zero.
    if (error) console.error('Failed to load deposits', error);
  }, [error]);
  const deposits = useMemo(() => (error ? [] : (query.data?.deposits ?? [])), [error, query.data]);
  return useMemo(() => {
    const today = localIsoDate();
    return {
      isLoading: query.isLoading,
      isPending: query.isPending,
      isFailed: Boolean(error),
      deposits,
      summary: deposits.length > 0 ? summarizeDeposits(deposits, today) : EMPTY_SUMMARY,
      byVault: summarizeDepositsByVault(deposits, today),
    };
  }, [deposits, error, query.isLoading, query.isPending]);
}

const TONE_CLASS: Record<Tone, string> = { neutral: '', positive: 'text-success', negative: 'text-destructive' };

function StatCard({
  title,
  value,
  note,
  tone = 'neutral',
  parts = [],
  hint = null,
}: {
  title: string;
  value: React.ReactNode;
  note: string;
  tone?: Tone;
  parts?: readonly TotalPart[];
  hint?: string | null;
}) {
  return (
    <Card>
      <CardHeader className="gap-1">
        <CardDescription>{title}</CardDescription>
        <div
          className={cn('text-3xl font-bold', TONE_CLASS[tone])}
          data-testid={`stat-${title.toLowerCase().replaceAll(' ', '-')}`}
        >
          {value}
        </div>
        <p className="text-xs text-muted-foreground">{note}</p>
        {parts.length > 0 ? (
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-t pt-2 text-sm">
            {parts.map((part) => (
              <Fragment key={part.testId}>
                <dt className="text-muted-foreground">{part.label}</dt>
                <dd className={cn('text-right font-medium', TONE_CLASS[part.tone])} data-testid={part.testId}>
                  {part.value}
                </dd>
              </Fragment>
            ))}
          </dl>
        ) : null}
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      </CardHeader>
    </Card>
  );
}

/** Issue 10 §9: a failed chain read is said on the card, never shown as $0.00. */
function ReadFailed({ onRefresh, isRefreshing }: { onRefresh: () => void; isRefreshing: boolean }) {
  return (
    <p role="alert" className="flex flex-wrap items-center gap-x-2 text-base font-medium text-destructive">
      {POSITIONS_FAILED_MESSAGE} —{' '}
      <Button variant="link" className="h-auto p-0 text-base" onClick={onRefresh} disabled={isRefreshing}>
        <RefreshCw aria-hidden="true" />
        Refresh
      </Button>
    </p>
  );
}

function TransferButtons({
  vaultName,
  vaultId,
  onDeposit,
  onWithdraw,
}: {
  vaultName: string;
  vaultId: VaultId | undefined;
  onDeposit: (id?: VaultId) => void;
  onWithdraw: (id?: VaultId) => void;
}) {
  return (
    <div className="flex gap-2">
      <Button size="sm" onClick={() => onDeposit(vaultId)} aria-label={`Deposit to ${vaultName}`}>
        Deposit
      </Button>
      <Button size="sm" variant="outline" onClick={() => onWithdraw(vaultId)} aria-label={`Withdraw from ${vaultName}`}>
        Withdraw
      </Button>
    </div>
  );
}

function LinkPrompt() {
  const wallet = useWalletState();
  const isConnected = wallet.status === 'connected' && wallet.address !== null;
  if (wallet.status === 'connecting' || wallet.status === 'reconnecting' || wallet.linkStatus === 'checking') {
    return (
      <div className="flex items-center gap-2 text-muted-foreground">
        <Spinner label="Connecting wallet" /> Connecting your wallet…
      </div>
    );
  }
  return (
    <Card>
      <CardContent className="flex flex-col items-start gap-3 pt-6">
        <p className="flex items-center gap-2 font-medium">
          <Wallet className="size-5 text-primary" aria-hidden="true" />
          {isConnected ? 'Not linked — sign to link this wallet' : 'Connect a wallet to see your deposits'}
        </p>
        <p className="text-sm text-muted-foreground">
          {isConnected
            ? 'Balances are shown only for a wallet you have proved is yours by signing a message. Signing costs nothing.'
            : 'Your balances are read from Base and from the deposits recorded for your linked wallet.'}
        </p>
        {wallet.linkError ? (
          <p role="alert" className="text-sm text-destructive">
            {wallet.linkError}
          </p>
        ) : null}
        {isConnected && wallet.isAvailable ? (
          <Button onClick={wallet.requestLink} disabled={wallet.linkStatus === 'linking'}>
            {wallet.linkStatus === 'linking' ? <Spinner label="Waiting for your signature" /> : null}
            Sign to link
          </Button>
        ) : (
          <Button asChild>
            <Link to={paths.vaultDashboard}>Connect Wallet</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /dashboard: Welcome Back. Money comes from the chain (positions of the
 * linked wallet, 'On chain') plus the operator-recorded deposits ('Recorded').
 * Totals: the balance adds both; earnings and average APY follow the spec's
 * rules over the recorded deposits and add the on-chain positions' earnings
 * and realised APY from the indexed history (dashboard-totals.ts).
 */
export function SavingsDashboard() {
  const { user } = useSession();
  const linked = useQuery({ ...linkedWalletQueryOptions(), enabled: Boolean(user) });
  const linkedAddress = linked.data?.walletAddress ?? null;
  const hasLink = linkedAddress !== null;
  const recorded = useRecordedDeposits(hasLink);
  const positions = useQuery(positionsQueryOptions(hasLink));
  const overview = useQuery(historyOverviewQueryOptions(hasLink));
  const transfers = useQuery(transfersQueryOptions(hasLink));
  const { openDeposit, openWithdraw } = useTransferDialogs();

  const onChain = positions.data?.positions ?? [];
  const onChainTotal = onChain.reduce((sum, position) => sum + BigInt(position.assets), 0n);
  const unavailable = (positions.data?.vaults ?? []).filter((vault) => !vault.available);
  const isReadFailed = positions.isError;
  const refresh = () => void positions.refetch();

  const hasHistory = overview.data?.hasHistory === true;
  const hasNothingYet = onChain.length === 0 && recorded.summary.count === 0 && !hasHistory && !recorded.isFailed;
  const totalBalance = isReadFailed ? (
    <ReadFailed onRefresh={refresh} isRefreshing={positions.isFetching} />
  ) : hasNothingYet ? (
    EMPTY_FIGURE
  ) : (
    formatUsd(onChainTotal + recorded.summary.totalBalance)
  );
  const balanceNote =
    onChain.length === 0
      ? 'Sum of your recorded deposits'
      : recorded.summary.count > 0
        ? 'On-chain value plus your recorded deposits'
        : 'On-chain value of your linked wallet, read from Base';
  // Both sources: each part under the sum (the cards below repeat them per vault).
  const balanceParts: TotalPart[] =
    !isReadFailed && onChain.length > 0 && recorded.summary.count > 0
      ? [
          { label: 'On chain', value: formatUsd(onChainTotal), tone: 'neutral', testId: 'stat-on-chain-balance' },
          {
            label: 'Recorded deposits',
            value: formatUsd(recorded.summary.totalBalance),
            tone: 'neutral',
            testId: 'stat-recorded-balance',
          },
        ]
      : [];
  const totals = buildDashboardTotals({
    recorded: recorded.summary,
    recordedDeposits: recorded.deposits,
    hasOnChainPositions: onChain.length > 0,
    overview: overview.data ?? null,
    overviewFailed: overview.isError,
    recordedFailed: recorded.isFailed,
  });
  const isLoading = linked.isLoading || (hasLink && (recorded.isLoading || positions.isLoading));

  // First run (issue 15 item 2): from the server's facts only, and not while they load or failed.
  const firstRunFacts = {
    hasLinkedWallet: hasLink,
    hasPosition: onChain.length > 0,
    hasRecordedDeposits: recorded.summary.count > 0,
    hasHistory,
    transfers: transfers.data ?? [],
  };
  const factsSettled =
    linked.isSuccess && (!hasLink || (!isLoading && positions.isSuccess && !overview.isPending && !transfers.isPending));
  const isFirstRunNow = factsSettled && isFirstRun(firstRunFacts);
  // Once shown, the checklist stays for this visit, so the user sees the last step tick off.
  const [hasShownFirstRun, setHasShownFirstRun] = useState(false);
  // Set while rendering (React's pattern for state that follows props), not in an effect.
  if (isFirstRunNow && !hasShownFirstRun) setHasShownFirstRun(true);
  const showFirstRun = isFirstRunNow || hasShownFirstRun;

  // Whether the checklist comes first depends on every fact above, so for a linked wallet nothing below
  // the title is shown until each read has answered (or failed): the checklist then appears with the
  // cards instead of pushing painted cards down. Once shown, the page stays (a refetch, or a wallet
  // linked during this visit, does not take it back to the loading block).
  const factsAnswered =
    !linked.isPending &&
    (!hasLink || (!recorded.isPending && !positions.isPending && !overview.isPending && !transfers.isPending));
  const [hasShownBody, setHasShownBody] = useState(false);
  if (factsAnswered && !hasShownBody) setHasShownBody(true);

  // Until the server has said whether a wallet is linked, the page is its frame (the HTML /dashboard is
  // served with, dashboard-frame.tsx): what shows next depends on that answer.
  if (linked.isPending && Boolean(user)) return <DashboardFrame />;

  return (
    <div className="flex flex-col gap-8">
      <DashboardHeader linkedAddress={linkedAddress} onDeposit={() => openDeposit()} onWithdraw={() => openWithdraw()} />
      {/* The header and the dialogs stay mounted when the body replaces the loading block. */}
      {factsAnswered || hasShownBody ? (
        <>
          {showFirstRun ? <FirstRunChecklist steps={firstRunSteps(firstRunFacts)} onDeposit={openDeposit} /> : null}

          <section aria-label="Totals" className="grid gap-4 md:grid-cols-3">
            <StatCard
              title="Total Balance"
              value={totalBalance}
              note={balanceNote}
              parts={balanceParts}
              hint={hasNothingYet && !isReadFailed ? EMPTY_HINT : null}
            />
            <StatCard title="Total Earnings" {...totals.earnings} />
            <StatCard title="Average APY" {...totals.averageApy} />
          </section>

          <section aria-labelledby="active-vaults" className="flex flex-col gap-4">
            <h2 id="active-vaults" className="text-xl font-semibold">
              Active Vaults
            </h2>
            {unavailable.map((vault) => (
              <Alert key={vault.id} variant="warning">
                <strong>{vault.name}:</strong> {VAULT_UNAVAILABLE_MESSAGE}. No figures are shown for it until it is verified
                again.
              </Alert>
            ))}
            {!hasLink && !linked.isLoading ? (
              <LinkPrompt />
            ) : isLoading ? (
              <div className="flex items-center gap-2 text-muted-foreground">
                <Spinner label="Loading balances" /> Loading your balances…
              </div>
            ) : (
              <>
                {isReadFailed ? (
                  <Alert variant="destructive">
                    <ReadFailed onRefresh={refresh} isRefreshing={positions.isFetching} />
                  </Alert>
                ) : null}
                {onChain.length === 0 && recorded.byVault.length === 0 && !isReadFailed ? (
                  <Card>
                    <CardContent className="flex flex-col items-start gap-3 pt-6">
                      <p className="font-medium">No deposits yet</p>
                      <p className="text-sm text-muted-foreground">
                        Your deposits will appear here once they are confirmed on Base. Choose a vault to get started.
                      </p>
                      <Button asChild variant="outline">
                        <Link to={paths.vaults}>Choose a vault</Link>
                      </Button>
                    </CardContent>
                  </Card>
                ) : (
                  <div className="grid gap-4 md:grid-cols-3">
                    {onChain.map((position) => {
                      const vault = findVault(position.vaultId);
                      const titleId = `active-onchain-${position.vaultId}`;
                      return (
                        <Card key={`${position.walletAddress}-${position.vaultId}`} aria-labelledby={titleId}>
                          <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
                            <CardTitle id={titleId}>{position.vaultName}</CardTitle>
                            <div className="flex gap-1">
                              <Badge variant="success">Active</Badge>
                              <Badge variant="info">On chain</Badge>
                            </div>
                          </CardHeader>
                          <CardContent className="flex flex-col gap-4">
                            <dl className="grid grid-cols-2 gap-1 text-sm">
                              <dt className="text-muted-foreground">Value</dt>
                              <dd className="text-right font-medium" data-testid={`onchain-value-${position.vaultId}`}>
                                {formatUsd(BigInt(position.assets))}
                              </dd>
                              <dt className="text-muted-foreground">Shares</dt>
                              <dd className="text-right font-medium" data-testid={`onchain-shares-${position.vaultId}`}>
                                {formatDecimal(BigInt(position.shares), position.shareDecimals, 2)}
                              </dd>
                              <dt className="text-muted-foreground">Share price</dt>
                              <dd className="text-right font-medium">{formatDecimal(BigInt(position.sharePrice), 6, 2)} USDC</dd>
                              <dt className="text-muted-foreground">Target APY</dt>
                              <dd className="text-right font-medium">{vault?.apyText ?? '—'}</dd>
                            </dl>
                            <RealisedApyNote vaultId={position.vaultId} />
                            <TransferButtons
                              vaultName={position.vaultName}
                              vaultId={vault?.id}
                              onDeposit={openDeposit}
                              onWithdraw={openWithdraw}
                            />
                          </CardContent>
                        </Card>
                      );
                    })}
                    {recorded.byVault.map(({ vault: name, summary: vaultSummary }) => {
                      const vault = findVaultByName(name);
                      return (
                        <Card key={name} aria-labelledby={`active-${name}`}>
                          <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
                            <CardTitle id={`active-${name}`}>{name}</CardTitle>
                            <div className="flex gap-1">
                              <Badge variant="success">Active</Badge>
                              <Badge variant="secondary">Recorded</Badge>
                            </div>
                          </CardHeader>
                          <CardContent className="flex flex-col gap-4">
                            <dl className="grid grid-cols-2 gap-1 text-sm">
                              <dt className="text-muted-foreground">Balance</dt>
                              <dd className="text-right font-medium">{formatUsd(vaultSummary.totalBalance)}</dd>
                              <dt className="text-muted-foreground">APY</dt>
                              <dd className="text-right font-medium">{vaultSummary.averageApy}%</dd>
                              <dt className="text-muted-foreground">Recent earnings</dt>
                              <dd className="text-right font-medium text-success">+{formatUsd(vaultSummary.totalEarnings)}</dd>
                            </dl>
                            <TransferButtons
                              vaultName={name}
                              vaultId={vault?.id}
                              onDeposit={openDeposit}
                              onWithdraw={openWithdraw}
                            />
                          </CardContent>
                        </Card>
                      );
                    })}
                  </div>
                )}
              </>
            )}
          </section>

          {hasHistory ? (
            <RecentWeek />
          ) : (
            <ExampleDataArea note="Sample figures from the spec, for illustration: not your money and not live vault data. Your own week replaces them once Base confirms your first deposit.">
              <Card>
                <CardHeader>
                  <h3 className="text-lg font-semibold leading-tight">Example week: {DASHBOARD_WEEK.week}</h3>
                </CardHeader>
                <CardContent className="flex flex-col gap-4">
                  <dl className="grid gap-4 sm:grid-cols-4">
                    {DASHBOARD_WEEK.stats.map((stat) => (
                      <div key={stat.label}>
                        <dt className="text-sm text-muted-foreground">{stat.label}</dt>
                        <dd className="text-lg font-semibold">{stat.value}</dd>
                      </div>
                    ))}
                  </dl>
                  <p className="text-sm text-muted-foreground">
                    Sample weekly stats for illustration. Your monthly summary comes at the end of August.
                  </p>
                </CardContent>
              </Card>
            </ExampleDataArea>
          )}
        </>
      ) : (
        <BalancesLoading />
      )}
    </div>
  );
}
