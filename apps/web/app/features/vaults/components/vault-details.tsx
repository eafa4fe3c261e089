import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowDownToLine, ArrowLeft, ArrowUpFromLine, Check, Copy, ExternalLink } from 'lucide-react';
import { formatDecimal, formatUsd } from '@keel/core/money';
import { paths } from '@keel/core/paths';
import { formatWithdrawalFee, type Vault } from '@keel/core/vaults';
import { formatPercent } from '@keel/core/yield-math';
import { Alert } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';
import { Spinner } from '~/components/ui/spinner';
import { formatDateTime, formatDay } from '~/lib/format-date';
import { linkedWalletQueryOptions } from '~/lib/linked-wallet';
import { publicConfigQueryOptions } from '~/lib/public-config';
import { POSITIONS_FAILED_MESSAGE, positionsQueryOptions } from '~/lib/positions';
import { vaultFiguresQueryOptions, type VaultFiguresData } from '../api/vault-figures';
import { VAULT_UNAVAILABLE_MESSAGE, vaultStatusesQueryOptions } from '~/lib/vault-statuses';
import { VaultBadges } from './vault-badges';
import { useTransferDialogs } from '~/lib/transfer-dialogs';

// recharts loads only when the chart is drawn.
const SharePriceChart = lazy(() => import('~/components/share-price-chart'));

const TYPE_LABELS = { instant: 'Instant access', 'auto-compound': 'Auto-compounding', growth: 'Growth' } as const;

type Figures = NonNullable<VaultFiguresData['figures']>;
type RealisedApy = Figures['realisedApy7d'];

/** One labelled figure: a value, or a dash with the reason underneath (never a bare 0). */
function Figure({ label, value, note, testId }: { label: string; value: string | null; note: ReactNode; testId: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold" data-testid={testId}>
        {value ?? '—'}
      </dd>
      <dd className="text-xs text-muted-foreground">{note}</dd>
    </div>
  );
}

function apyNote(apy: RealisedApy, window: string): string {
  if (apy.apy === null || apy.since === null) return `Realised over ${window}: needs a day of share-price history`;
  return `Realised from the share price since ${formatDay(apy.since)}, annualised`;
}

function LiveFigures({ vault, figures, stale }: { vault: Vault; figures: Figures; stale: boolean }) {
  return (
    <section aria-labelledby="vault-figures-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="vault-figures-title" className="text-xl font-semibold">
          Live figures
        </h2>
        <p className="text-xs text-muted-foreground" data-testid="vault-figures-as-of">
          Read from Base at block {figures.blockNumber.toLocaleString('en-US')}, as of {formatDateTime(figures.asOf)}
        </p>
      </div>
      {stale ? (
        <Alert variant="warning">Base could not be read just now: these figures are the last recorded snapshot.</Alert>
      ) : null}
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          label="Total assets"
          value={`${formatUsd(BigInt(figures.totalAssets))}`}
          note="USDC held by the vault (totalAssets), all savers together"
          testId="vault-total-assets"
        />
        <Figure
          label="Share price"
          value={`${formatDecimal(BigInt(figures.sharePrice), 6, 4)} USDC`}
          note="What one vault share converts to"
          testId="vault-share-price"
        />
        <Figure
          label="Realised APY, 7 days"
          value={figures.realisedApy7d.apy === null ? null : formatPercent(BigInt(figures.realisedApy7d.apy))}
          note={apyNote(figures.realisedApy7d, '7 days')}
          testId="vault-apy-7d"
        />
        <Figure
          label="Realised APY, 30 days"
          value={figures.realisedApy30d.apy === null ? null : formatPercent(BigInt(figures.realisedApy30d.apy))}
          note={apyNote(figures.realisedApy30d, '30 days')}
          testId="vault-apy-30d"
        />
      </dl>
      <p className="text-sm text-muted-foreground">
        Target range: <strong className="text-foreground">{vault.apyText}</strong> — a target, not a promise. Realised figures are
        past results and can differ from the target in either direction.
      </p>
    </section>
  );
}

function SharePriceSection({ vault, chart }: { vault: Vault; chart: VaultFiguresData['chart'] }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Share price, last 30 days</h2>
        <CardDescription>From the share-price snapshots Keel records from Base (at least hourly).</CardDescription>
      </CardHeader>
      <CardContent>
        {chart.length < 2 ? (
          <p className="text-sm text-muted-foreground">The chart appears once two share-price snapshots are recorded.</p>
        ) : (
          <div className="h-64 w-full" data-testid="vault-share-price-chart">
            <Suspense fallback={<Spinner label="Loading the chart" />}>
              <SharePriceChart series={[{ name: vault.name, points: chart }]} />
            </Suspense>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function CopyAddress({ address }: { address: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => {
        void navigator.clipboard.writeText(address).then(
          () => {
            setCopied(true);
            window.setTimeout(() => setCopied(false), 3_000);
          },
          () => setCopied(false),
        );
      }}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? 'Copied' : 'Copy address'}
    </Button>
  );
}

function ContractCard({ vault, address }: { vault: Vault; address: string | null }) {
  const config = useQuery(publicConfigQueryOptions());
  const explorer = config.data?.explorerUrl ?? null;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Contract</h2>
        <CardDescription>The {vault.name} vault on Base. Check it yourself on the block explorer.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {address ? (
          <>
            <code className="break-all rounded bg-muted px-2 py-1 font-mono text-sm" data-testid="vault-address">
              {address}
            </code>
            <div className="flex flex-wrap gap-2">
              <CopyAddress address={address} />
              {explorer ? (
                <Button variant="outline" size="sm" asChild>
                  <a href={`${explorer}/address/${address}`} target="_blank" rel="noopener noreferrer">
                    <ExternalLink aria-hidden="true" />
                    View on explorer
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </Button>
              ) : null}
            </div>
          </>
        ) : (
          <Spinner label="Loading the contract address" />
        )}
      </CardContent>
    </Card>
  );
}

function WithdrawalTerms({ vault }: { vault: Vault }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Withdrawal terms</h2>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-1 text-sm">
          <dt className="text-muted-foreground">Type</dt>
          <dd>{TYPE_LABELS[vault.type]}</dd>
          <dt className="text-muted-foreground">Withdrawal time</dt>
          <dd>{vault.withdrawal.time}</dd>
          <dt className="text-muted-foreground">Fee</dt>
          <dd>{formatWithdrawalFee(vault)}</dd>
          {vault.withdrawal.notice ? (
            <dd className="col-span-2 text-amber-900 dark:text-amber-200">{vault.withdrawal.notice}</dd>
          ) : null}
          <dd className="col-span-2 text-xs text-muted-foreground">Withdrawal time and fee are sample terms.</dd>
        </dl>
      </CardContent>
    </Card>
  );
}

function YourPosition({
  vault,
  isUnavailable,
  onDeposit,
  onWithdraw,
}: {
  vault: Vault;
  isUnavailable: boolean;
  onDeposit: () => void;
  onWithdraw: () => void;
}) {
  const linked = useQuery(linkedWalletQueryOptions());
  const hasLink = Boolean(linked.data?.walletAddress);
  const positions = useQuery(positionsQueryOptions(hasLink));
  const position = positions.data?.positions.find((entry) => entry.vaultId === vault.id) ?? null;
  let body: ReactNode;
  if (linked.isLoading || (hasLink && positions.isLoading)) body = <Spinner label="Loading your position" />;
  else if (!hasLink) {
    body = (
      <p className="text-sm text-muted-foreground">
        Link a wallet on the{' '}
        <Link to={paths.vaultDashboard} className="text-primary underline underline-offset-4">
          Vault Dashboard
        </Link>{' '}
        to see what you hold here.
      </p>
    );
  } else if (positions.isError)
    body = (
      <p role="alert" className="text-sm text-destructive">
        {POSITIONS_FAILED_MESSAGE}
      </p>
    );
  else if (!position) {
    body = (
      <p className="text-sm text-muted-foreground" data-testid="vault-position-empty">
        Your linked wallet holds nothing in {vault.name} yet.
      </p>
    );
  } else {
    body = (
      <dl className="grid grid-cols-2 gap-1 text-sm">
        <dt className="text-muted-foreground">Value</dt>
        <dd className="text-right font-medium" data-testid="vault-position-value">
          {formatUsd(BigInt(position.assets))}
        </dd>
        <dt className="text-muted-foreground">Shares</dt>
        <dd className="text-right font-medium">{formatDecimal(BigInt(position.shares), position.shareDecimals, 2)}</dd>
      </dl>
    );
  }
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold leading-tight">Your position</h2>
        {position ? <Badge variant="info">On chain</Badge> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {body}
        <div className="flex flex-wrap gap-2">
          <Button onClick={onDeposit} disabled={isUnavailable}>
            <ArrowDownToLine aria-hidden="true" />
            Deposit
          </Button>
          <Button variant="outline" onClick={onWithdraw} disabled={isUnavailable}>
            <ArrowUpFromLine aria-hidden="true" />
            Withdraw
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * /vaults/:id (issue 15 item 4): what the vault is and its risk, its live
 * figures from chain next to the target range, its share price over time, the
 * contract, the withdrawal terms and the user's own position with Deposit and
 * Withdraw. An unverified vault says so and shows no figures.
 */
export function VaultDetails({ vault }: { vault: Vault }) {
  const figures = useQuery(vaultFiguresQueryOptions(vault.id));
  const statuses = useQuery(vaultStatusesQueryOptions());
  const status = statuses.data?.find((entry) => entry.id === vault.id);
  const isUnavailable = status?.available === false || figures.data?.vault.available === false;
  const address = figures.data?.vault.address ?? status?.address ?? null;
  const { openDeposit, openWithdraw } = useTransferDialogs();

  let live: ReactNode;
  if (isUnavailable) {
    live = (
      <Alert variant="warning" data-testid="vault-unavailable">
        <strong>{vault.name} is unavailable:</strong> {VAULT_UNAVAILABLE_MESSAGE}. Keel could not verify this vault on Base, so no
        figures are shown and deposits are switched off until it is verified again.
      </Alert>
    );
  } else if (figures.isPending) {
    live = (
      <div className="flex items-center gap-2 text-muted-foreground">
        <Spinner label="Reading the vault" /> Reading the vault from Base…
      </div>
    );
  } else if (figures.isError) {
    live = (
      <Alert variant="destructive">
        The vault’s figures could not be loaded: {figures.error.message}{' '}
        <Button variant="link" className="h-auto p-0" onClick={() => void figures.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (!figures.data.figures) {
    live = (
      <Alert variant="info">
        {figures.data.indexing
          ? 'Keel is still reading this vault’s history from Base. Its figures appear in a moment.'
          : 'This vault’s figures cannot be read from Base right now.'}
      </Alert>
    );
  } else {
    live = <LiveFigures vault={vault} figures={figures.data.figures} stale={figures.data.stale} />;
  }

  return (
    <div className="flex flex-col gap-8">
      <p>
        <Link
          to={paths.vaults}
          className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          All vaults
        </Link>
      </p>
      <header className="flex flex-col gap-3">
        <VaultBadges vault={vault} isUnavailable={isUnavailable} />
        <h1 className="text-3xl font-bold">{vault.name}</h1>
        <p className="text-xl font-semibold text-primary">
          {vault.apyText} <span className="text-sm font-normal text-muted-foreground">target</span>
        </p>
        <p className="max-w-3xl text-muted-foreground">{vault.description}</p>
      </header>
      {live}
      {!isUnavailable && figures.data?.figures ? <SharePriceSection vault={vault} chart={figures.data.chart} /> : null}
      <div className="grid gap-6 md:grid-cols-3">
        <YourPosition
          vault={vault}
          isUnavailable={isUnavailable}
          onDeposit={() => openDeposit(vault.id)}
          onWithdraw={() => openWithdraw(vault.id)}
        />
        <WithdrawalTerms vault={vault} />
        <ContractCard vault={vault} address={address} />
      </div>
    </div>
  );
}
