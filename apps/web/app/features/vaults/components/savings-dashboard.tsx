import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { ArrowDownToLine, ArrowUpFromLine, LineChart, Wallet } from 'lucide-react';
import { formatUsd, localIsoDate, summarizeDeposits, summarizeDepositsByVault, type DepositSummary } from '@keel/core/money';
import { paths } from '@keel/core/paths';
import { findVaultByName } from '@keel/core/vaults';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Spinner } from '~/components/ui/spinner';
import { useWalletState } from '~/lib/wallet-state';
import { depositsQueryOptions } from '../api/deposits';
import { DASHBOARD_WEEK } from '../sample-data';
import { OnChainEarnings } from './on-chain-earnings';
import { SampleBadge } from './sample-badge';
import { useTransferDialogs } from './transfer-dialogs';

const EMPTY_SUMMARY: DepositSummary = { totalBalance: 0n, totalEarnings: 0n, averageApy: '0.0', count: 0 };

function useDepositTotals(wallet: string | null) {
  const query = useQuery(depositsQueryOptions(wallet));
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
      summary: deposits.length > 0 ? summarizeDeposits(deposits, today) : EMPTY_SUMMARY,
      byVault: summarizeDepositsByVault(deposits, today),
    };
  }, [deposits, query.isLoading]);
}

function StatCard({ title, value, note }: { title: string; value: string; note: string }) {
  return (
    <Card>
      <CardHeader className="gap-1">
        <CardDescription>{title}</CardDescription>
        <p className="text-3xl font-bold" data-testid={`stat-${title.toLowerCase().replaceAll(' ', '-')}`}>
          {value}
        </p>
        <p className="text-xs text-muted-foreground">{note}</p>
      </CardHeader>
    </Card>
  );
}

/** /dashboard: Welcome Back. Money comes from the manual deposits of the connected wallet. */
export function SavingsDashboard() {
  const wallet = useWalletState();
  // A page change re-runs wagmi's reconnect: keep the known address meanwhile.
  const address = wallet.status === 'connected' || wallet.status === 'reconnecting' ? wallet.address : null;
  const { isLoading, summary, byVault } = useDepositTotals(address);
  const { openDeposit, openWithdraw, dialogs } = useTransferDialogs();
  const isWalletBusy = wallet.status === 'connecting' || wallet.status === 'reconnecting';

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Welcome Back</h1>
          <p className="text-muted-foreground">Here is how your savings are doing.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => openDeposit()}>
            <ArrowDownToLine aria-hidden="true" />
            Deposit
          </Button>
          <Button variant="outline" onClick={() => openWithdraw()}>
            <ArrowUpFromLine aria-hidden="true" />
            Withdraw
          </Button>
          <Button variant="outline" asChild>
            <Link to={paths.performance}>
              <LineChart aria-hidden="true" />
              View Performance
            </Link>
          </Button>
        </div>
      </header>

      <section aria-label="Totals" className="grid gap-4 md:grid-cols-3">
        <StatCard title="Total Balance" value={formatUsd(summary.totalBalance)} note="Sum of your recorded deposits" />
        <StatCard title="Total Earnings" value={formatUsd(summary.totalEarnings)} note="Last 30 days" />
        <StatCard title="Average APY" value={`${summary.averageApy}%`} note="Across all vaults" />
      </section>
      <OnChainEarnings />

      <section aria-labelledby="active-vaults" className="flex flex-col gap-4">
        <h2 id="active-vaults" className="text-xl font-semibold">
          Active Vaults
        </h2>
        {address === null ? (
          isWalletBusy ? (
            <div className="flex items-center gap-2 text-muted-foreground">
              <Spinner label="Connecting wallet" /> Connecting your wallet…
            </div>
          ) : (
            <Card>
              <CardContent className="flex flex-col items-start gap-3 pt-6">
                <p className="flex items-center gap-2 font-medium">
                  <Wallet className="size-5 text-primary" aria-hidden="true" />
                  Connect a wallet to see your deposits
                </p>
                <p className="text-sm text-muted-foreground">
                  Your balances are read from the deposits recorded for your connected wallet.
                </p>
                <Button asChild>
                  <Link to={paths.vaultDashboard}>Connect Wallet</Link>
                </Button>
              </CardContent>
            </Card>
          )
        ) : isLoading ? (
          <div className="flex items-center gap-2 text-muted-foreground">
            <Spinner label="Loading deposits" /> Loading your deposits…
          </div>
        ) : byVault.length === 0 ? (
          <Card>
            <CardContent className="flex flex-col items-start gap-3 pt-6">
              <p className="font-medium">No deposits yet</p>
              <p className="text-sm text-muted-foreground">
                Deposits recorded for this wallet will appear here. Choose a vault to get started.
              </p>
              <Button asChild variant="outline">
                <Link to={paths.vaults}>Choose a vault</Link>
              </Button>
            </CardContent>
          </Card>
        ) : (
          <div className="grid gap-4 md:grid-cols-3">
            {byVault.map(({ vault: name, summary: vaultSummary }) => {
              const vault = findVaultByName(name);
              return (
                <Card key={name} aria-labelledby={`active-${name}`}>
                  <CardHeader className="flex-row items-center justify-between">
                    <CardTitle id={`active-${name}`}>{name}</CardTitle>
                    <Badge variant="success">Active</Badge>
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
                    <div className="flex gap-2">
                      <Button size="sm" onClick={() => openDeposit(vault?.id)} aria-label={`Deposit to ${name}`}>
                        Deposit
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => openWithdraw(vault?.id)}
                        aria-label={`Withdraw from ${name}`}
                      >
                        Withdraw
                      </Button>
                    </div>
                  </CardContent>
                </Card>
              );
            })}
          </div>
        )}
      </section>

      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold leading-tight">This Week: {DASHBOARD_WEEK.week}</h2>
          <SampleBadge />
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
      {dialogs}
    </div>
  );
}
