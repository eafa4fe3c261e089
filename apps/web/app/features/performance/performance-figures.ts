import { PERFORMANCE_RANGES, type PerformanceRangeId } from '@keel/core/constants';
import { formatSignedUsd, formatUsd, shortenAddress, shownUsdSign } from '@keel/core/money';
import { formatDay } from '~/lib/format-date';
import type { HistoryData } from './api/history';
import { formatFraction, formatMonth } from './format';

/*
 * What the performance page shows, worked out from the server's figures as
 * plain functions: the components only lay these out.
 */

export type ChartView = 'balance' | 'share-price';
export type Tone = 'positive' | 'negative' | 'neutral';

/** "in the last 30 Days", or "since your first deposit" for All Time. */
export function rangePhrase(range: PerformanceRangeId): string {
  return range === 'all'
    ? 'since your first deposit'
    : `in the last ${PERFORMANCE_RANGES.find((entry) => entry.id === range)?.label}`;
}

export type SummaryCard = { title: string; testId: string; value: string; tone: Tone; note: string };

function toneOf(micro: bigint): Tone {
  const sign = shownUsdSign(micro);
  return sign > 0 ? 'positive' : sign < 0 ? 'negative' : 'neutral';
}

function testIdOf(title: string): string {
  return `summary-${title.toLowerCase().replaceAll(' ', '-')}`;
}

/** The four summary cards: Total Earnings, Average APY, Total Deposits, Best Month. */
export function summaryCards(summary: HistoryData['summary'], range: PerformanceRangeId): SummaryCard[] {
  const earnings = BigInt(summary.totalEarnings);
  const cards: Omit<SummaryCard, 'testId'>[] = [
    {
      title: 'Total Earnings',
      value: formatSignedUsd(earnings),
      tone: toneOf(earnings),
      note: `Earned ${rangePhrase(range)}`,
    },
    {
      title: 'Average APY',
      value: formatFraction(summary.averageApy),
      tone: 'neutral',
      note:
        summary.averageApy === null
          ? 'Needs a day of share-price history and an open position'
          : 'Realised, weighted by what you hold in each vault',
    },
    {
      title: 'Total Deposits',
      value: formatUsd(BigInt(summary.totalDeposits)),
      tone: 'neutral',
      note: `Deposited ${rangePhrase(range)}`,
    },
    {
      title: 'Best Month',
      value: summary.bestMonth ? formatMonth(summary.bestMonth.month) : '—',
      tone: 'neutral',
      note: summary.bestMonth ? `${formatSignedUsd(BigInt(summary.bestMonth.amount))} interest` : 'No interest yet in this range',
    },
  ];
  return cards.map((card) => ({ ...card, testId: testIdOf(card.title) }));
}

/** The chart's text alternative: what a screen reader hears instead of the drawing. */
export function chartDescription(data: Pick<HistoryData, 'chart' | 'vaults'>, view: ChartView): string {
  if (view === 'share-price') {
    const changes = data.vaults.map((vault) => `${vault.name} ${formatFraction(vault.priceChange, { signed: true })}`);
    return `Share price of each vault over the range: ${changes.join(', ')}.`;
  }
  const first = data.chart.balance[0];
  const last = data.chart.balance.at(-1);
  if (!first || !last) return 'No balance to draw yet.';
  const count = (type: string) => data.chart.markers.filter((marker) => marker.type === type).length;
  const balance = `Balance from ${formatUsd(BigInt(first.value))} on ${formatDay(first.time)} to ${formatUsd(BigInt(last.value))} on ${formatDay(last.time)}, with ${count('Deposit')} deposits and ${count('Withdraw')} withdrawals marked.`;
  const wallet = walletPoints(data.chart);
  const firstHeld = wallet[0];
  const lastHeld = wallet.at(-1);
  if (!firstHeld || !lastHeld) return balance;
  return `${balance} Ready to deposit from ${formatUsd(BigInt(firstHeld.wallet))} on ${formatDay(firstHeld.time)} to ${formatUsd(BigInt(lastHeld.wallet))} on ${formatDay(lastHeld.time)}, with ${count('Received')} received and ${count('Sent')} sent marked.`;
}

/**
 * The points of the "Ready to deposit" line: the USDC in the saver's own addresses where it is known. None when it
 * never held or moved any (a flat $0 line says nothing), or when it is not known at all.
 */
export function walletPoints(chart: HistoryData['chart']): { time: string; wallet: string }[] {
  const known = chart.balance.flatMap((point) => (point.wallet === null ? [] : [{ time: point.time, wallet: point.wallet }]));
  const hasMoved = chart.markers.some((marker) => marker.type === 'Received' || marker.type === 'Sent');
  return hasMoved || known.some((point) => BigInt(point.wallet) !== 0n) ? known : [];
}

export type VaultBreakdownRow = {
  id: string;
  name: string;
  apy: string;
  earned: string;
  isPriceUp: boolean;
  priceChange: string;
};

/** One row per vault: realised APY, what the saver earned in it (or no position) and the share price's trend. */
export function vaultBreakdownRows(vaults: HistoryData['vaults']): VaultBreakdownRow[] {
  return vaults.map((vault) => ({
    id: vault.id,
    name: vault.name,
    apy: formatFraction(vault.realisedApy),
    earned: vault.hasPosition ? formatSignedUsd(BigInt(vault.earnedInRange)) : 'No position',
    isPriceUp: vault.priceChange === null || BigInt(vault.priceChange) >= 0n,
    priceChange: formatFraction(vault.priceChange, { signed: true }),
  }));
}

/** How far back a vault's realised APY reaches, as the breakdown says it. */
export function apyWindowPhrase(range: PerformanceRangeId): string {
  return `realised ${range === 'all' ? 'over all recorded history' : rangePhrase(range)}`;
}

type ActivityEntry = HistoryData['activity'][number];

export type ActivityRow = {
  id: string;
  type: ActivityEntry['type'];
  vault: string;
  when: string;
  origin: string | null;
  amount: string;
  isCredit: boolean;
  link: { href: string; label: 'View transaction' | 'View vault' } | null;
};

/** Deposit "+$1,000.00", Withdraw "-$400.00": the sign always shows, even for tiny amounts. */
export function signedAmount(micro: string): string {
  const value = BigInt(micro);
  return value < 0n ? formatUsd(value) : `+${formatUsd(value)}`;
}

/** USDC received or sent: who it came from or went to, shortened ("From 0x1234...abcd"); null for vault rows. */
function walletSide(entry: ActivityEntry): string | null {
  if (entry.counterparty === null) return null;
  return `${entry.type === 'Received' ? 'From' : 'To'} ${shortenAddress(entry.counterparty)}`;
}

/** A line of Recent Activity: signed amount, when, whether Keel sent it, and where to check it on the explorer. */
export function activityRow(entry: ActivityEntry, explorerUrl: string | null): ActivityRow {
  const amount = entry.type === 'Interest' ? formatSignedUsd(BigInt(entry.amount)) : signedAmount(entry.amount);
  return {
    id: entry.id,
    type: entry.type,
    vault: walletSide(entry) ?? entry.vault,
    when: entry.isPartialMonth ? `${formatMonth(entry.time.slice(0, 7))} so far` : formatDay(entry.time),
    origin: entry.txHash && entry.counterparty === null ? (entry.isFromKeel ? 'sent from Keel' : 'made outside Keel') : null,
    amount,
    isCredit: amount.startsWith('+'),
    link: !explorerUrl
      ? null
      : entry.txHash
        ? { href: `${explorerUrl}/tx/${entry.txHash}`, label: 'View transaction' }
        : { href: `${explorerUrl}/address/${entry.vaultAddress}`, label: 'View vault' },
  };
}

export type PerformancePageState = 'loading' | 'error' | 'empty' | 'ready';

/** Which body the page shows. Figures already on screen stay while a new range loads or a refresh fails. */
export function performancePageState(data: Pick<HistoryData, 'hasHistory'> | undefined, isError: boolean): PerformancePageState {
  if (!data) return isError ? 'error' : 'loading';
  return data.hasHistory ? 'ready' : 'empty';
}
