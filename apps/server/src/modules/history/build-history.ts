import { PERFORMANCE_RANGE_MS, RECENT_ACTIVITY_ROWS, type PerformanceRangeId } from '@keel/core/constants';
import {
  balanceAt,
  chartTimes,
  depositsBetween,
  earned,
  earnedBetween,
  monthlyInterest,
  netContributed,
  priceChange,
  realisedApy,
  weightedMean,
  type PricePoint,
  type VaultHistory,
} from '@keel/core/yield-math';
import { USDC_DECIMALS } from '@keel/core/money';
import type { VaultId } from '@keel/core/vaults';
import type { ActivityEvent, LoadedHistory } from './load-vault-histories.js';
import type { AddressUsdc, WalletTransfer } from './load-wallet-transfers.js';

/** Points of the balance chart between the range's ends (plus one per movement of the saver's money). */
const BALANCE_POINTS = 60;
/** Most points per vault in the share-price chart. */
const PRICE_POINTS = 90;

export type ActivityType = 'Deposit' | 'Withdraw' | 'Transfer in' | 'Transfer out' | 'Interest' | 'Received' | 'Sent';

/** A row of Recent Activity and of the CSV. Amounts are integer strings of micro-USDC, signed. */
export type ActivityRow = {
  id: string;
  time: string;
  type: ActivityType;
  /** The vault; null for USDC received into or sent from the saver's own address. */
  vaultId: VaultId | null;
  /** The vault's name, or "Wallet" for money received or sent. */
  vault: string;
  /** The vault's address, or the saver's own address the money arrived at or left. */
  vaultAddress: string;
  /** Who sent the USDC received, or where the USDC sent went; null for vault rows. */
  counterparty: string | null;
  amount: string;
  /** Shares moved, integer string of the share token's units; null for interest. */
  shares: string | null;
  shareDecimals: number;
  /** The transaction; null for interest (derived from share-price growth, no transaction of its own). */
  txHash: string | null;
  /** Interest of the month so far (the month is not over). */
  isPartialMonth: boolean;
  /** Sent from Keel (matched to the user's transfers); false for transactions made elsewhere and for interest. */
  isFromKeel: boolean;
};

const ACTIVITY_TYPE: Record<ActivityEvent['kind'], ActivityType> = {
  deposit: 'Deposit',
  withdraw: 'Withdraw',
  'transfer-in': 'Transfer in',
  'transfer-out': 'Transfer out',
};

/** An indexed deposit, withdrawal or share transfer as an activity row. */
export function eventRow(event: ActivityEvent): ActivityRow {
  const isInflow = event.kind === 'deposit' || event.kind === 'transfer-in';
  return {
    id: event.id,
    time: new Date(event.time).toISOString(),
    type: ACTIVITY_TYPE[event.kind],
    vaultId: event.vault.id,
    vault: event.vault.name,
    vaultAddress: event.vault.address.toLowerCase(),
    amount: (isInflow ? event.assets : -event.assets).toString(),
    shares: event.shares.toString(),
    shareDecimals: event.shareDecimals,
    txHash: event.txHash,
    isPartialMonth: false,
    isFromKeel: event.isFromKeel,
    counterparty: null,
  };
}

function walletTransferRow(transfer: WalletTransfer): ActivityRow {
  return {
    id: transfer.id,
    time: new Date(transfer.time).toISOString(),
    type: transfer.direction === 'received' ? 'Received' : 'Sent',
    vaultId: null,
    vault: 'Wallet',
    vaultAddress: transfer.address,
    counterparty: transfer.counterparty,
    amount: (transfer.direction === 'received' ? transfer.value : -transfer.value).toString(),
    shares: null,
    shareDecimals: USDC_DECIMALS,
    txHash: transfer.txHash,
    isPartialMonth: false,
    isFromKeel: false,
  };
}

/** Every activity row of the user, newest first: indexed events and monthly interest. */
export function buildActivity(history: LoadedHistory): ActivityRow[] {
  const rows: { sortTime: number; row: ActivityRow }[] = [];
  for (const loaded of history.vaults) {
    for (const event of loaded.events) rows.push({ sortTime: event.time, row: eventRow(event) });
    for (const month of monthlyInterest(loaded.history)) {
      const isPartialMonth = month.end >= loaded.history.current.time;
      // A finished month is dated its last moment; the current one "now".
      const time = isPartialMonth ? month.end : month.end - 1;
      rows.push({
        sortTime: time,
        row: {
          id: `interest:${loaded.vault.id}:${month.month}`,
          time: new Date(time).toISOString(),
          type: 'Interest',
          vaultId: loaded.vault.id,
          vault: loaded.vault.name,
          vaultAddress: loaded.vault.address.toLowerCase(),
          amount: month.amount.toString(),
          shares: null,
          shareDecimals: loaded.history.shareDecimals,
          txHash: null,
          isPartialMonth,
          isFromKeel: false,
          counterparty: null,
        },
      });
    }
  }
  for (const transfer of history.walletTransfers ?? []) rows.push({ sortTime: transfer.time, row: walletTransferRow(transfer) });
  return rows
    .filter(({ row }) => !(row.type === 'Interest' && isBelowOneCent(BigInt(row.amount))))
    .sort((a, b) => b.sortTime - a.sortTime || a.row.id.localeCompare(b.row.id))
    .map(({ row }) => row);
}

/** Interest that would print as $0.00 is rounding dust of the share price, not a row worth reading. */
function isBelowOneCent(micro: bigint): boolean {
  return (micro < 0n ? -micro : micro) < 5_000n;
}

/** The snapshot a range's realised APY starts from: the last one at or before the start, else the first after it. */
export function startPoint(prices: readonly PricePoint[], from: number | null): PricePoint | null {
  if (prices.length === 0) return null;
  if (from === null) return prices[0] ?? null;
  let found: PricePoint | null = null;
  for (const point of prices) {
    if (point.time <= from) found = point;
    else break;
  }
  return found ?? prices[0] ?? null;
}

function vaultApy(history: VaultHistory, from: number | null) {
  const start = startPoint(history.prices, from);
  if (!start) return { apy: null, change: null, since: null };
  return {
    apy: realisedApy(start.price, history.current.price, history.current.time - start.time),
    change: priceChange(start.price, history.current.price),
    since: start.time,
  };
}

export function sampleEvenly<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  const step = (items.length - 1) / (count - 1);
  return Array.from({ length: count }, (_, index) => items[Math.round(index * step)]).filter(
    (item): item is T => item !== undefined,
  );
}

/**
 * USDC in the saver's own addresses at `time`, after what happened at that moment: per address, the balance the
 * indexer read less the transfers after `time`. Moves between two of the saver's addresses cancel out in the sum.
 * Null before some address's indexed history begins, where the transfers that led to it are not known.
 */
export function walletUsdcAt(held: readonly AddressUsdc[], time: number): bigint | null {
  let total = 0n;
  for (const address of held) {
    if (time < address.knownFrom) return null;
    total += address.changes.reduce(
      (balance, change) => (change.time > time ? balance - change.amount : balance),
      address.balance,
    );
  }
  return total;
}

/** Whether some vault position has a deposit, withdrawal or share transfer: the dashboard's "on-chain history". */
function hasVaultFlows(history: LoadedHistory): boolean {
  return history.vaults.some((loaded) => loaded.history.flows.length > 0);
}

export type HistoryResponse = ReturnType<typeof buildHistory>;

const toString = (value: bigint | null) => (value === null ? null : value.toString());

/**
 * The performance page for one range: summary cards, per-vault figures, chart
 * series and recent activity. All money as integer strings of micro-USDC,
 * fractions as integer strings of 10^-18.
 */
export function buildHistory(history: LoadedHistory, range: PerformanceRangeId) {
  const vaults = history.vaults;
  const walletUsdc = history.walletUsdc ?? null;
  const walletTransfers = history.walletTransfers ?? [];
  const asOf = Math.max(
    vaults.reduce((latest, loaded) => Math.max(latest, loaded.history.current.time), 0),
    ...(walletUsdc ?? []).map((address) => address.asOf),
  );
  const rangeMs = PERFORMANCE_RANGE_MS[range];
  const from = rangeMs === null ? null : asOf - rangeMs;
  // USDC received or sent is history too: a saver who has only received money sees it in the chart.
  const hasHistory = hasVaultFlows(history) || walletTransfers.length > 0;
  const activity = buildActivity(history);

  const perVault = vaults.map((loaded) => {
    const { history: vaultHistory } = loaded;
    const now = vaultHistory.current.time;
    const apy = vaultApy(vaultHistory, from);
    const earnedInRange = earnedBetween(vaultHistory, from, now);
    return {
      id: loaded.vault.id,
      name: loaded.vault.name,
      address: loaded.vault.address.toLowerCase(),
      hasPosition: vaultHistory.flows.length > 0,
      value: vaultHistory.current.value,
      netContributed: netContributed(vaultHistory.flows, now),
      earned: earned(vaultHistory),
      earnedInRange,
      depositsInRange: depositsBetween(vaultHistory.flows, from, now),
      sharePrice: vaultHistory.current.price,
      realisedApy: apy.apy,
      priceChange: apy.change,
      apySince: apy.since,
      stale: loaded.stale,
      indexedBlock: loaded.indexedBlock,
    };
  });

  // Best month: the calendar month with the most interest across vaults, among months that reach into the range.
  const months = new Map<string, bigint>();
  for (const row of activity) {
    if (row.type !== 'Interest' || (from !== null && Date.parse(row.time) <= from)) continue;
    const month = row.time.slice(0, 7);
    months.set(month, (months.get(month) ?? 0n) + BigInt(row.amount));
  }
  let bestMonth: { month: string; amount: bigint } | null = null;
  for (const [month, amount] of months) {
    if (bestMonth === null || amount > bestMonth.amount) bestMonth = { month, amount };
  }

  const histories = vaults.map((loaded) => loaded.history);
  const firstMovement = Math.min(
    ...histories.map((entry) => entry.flows[0]?.time ?? Infinity),
    walletTransfers[0]?.time ?? Infinity,
  );
  const chartFrom = from ?? (Number.isFinite(firstMovement) ? firstMovement : asOf);
  const walletAt = (time: number) => (walletUsdc === null ? null : walletUsdcAt(walletUsdc, time));
  // A step wherever the USDC in the saver's addresses changed, as chartTimes gives one at each vault flow.
  const walletChanges = (walletUsdc ?? []).flatMap((address) =>
    address.changes.map((change) => change.time).filter((time) => time >= chartFrom && time <= asOf),
  );
  // And where the series becomes known (the latest start of an address's indexed history), so its line starts
  // there rather than at the next change or the next sampled time.
  const knownSince = walletUsdc?.length ? Math.max(...walletUsdc.map((address) => address.knownFrom)) : null;
  const walletStart = knownSince !== null && knownSince >= chartFrom && knownSince <= asOf ? [knownSince] : [];
  const times = [...new Set([...chartTimes(histories, chartFrom, asOf, BALANCE_POINTS), ...walletChanges, ...walletStart])].sort(
    (a, b) => a - b,
  );
  const balance = hasHistory
    ? times.map((time) => ({
        time: new Date(time).toISOString(),
        value: balanceAt(histories, time).toString(),
        wallet: toString(walletAt(time)),
      }))
    : [];
  const markers = activity
    .filter((row) => Date.parse(row.time) >= chartFrom)
    .flatMap((row) => {
      const time = Date.parse(row.time);
      // Where the marker sits: the vault balance, or for Received and Sent the wallet's, just after the movement.
      const value =
        row.type === 'Deposit' || row.type === 'Withdraw'
          ? balanceAt(histories, time)
          : row.type === 'Received' || row.type === 'Sent'
            ? walletAt(time)
            : null;
      return value === null
        ? []
        : [{ time: row.time, type: row.type, vault: row.vault, amount: row.amount, value: value.toString() }];
    });
  const sharePrices = vaults.map((loaded) => {
    const inRange = loaded.history.prices.filter((point) => from === null || point.time >= from);
    const points = [...sampleEvenly(inRange, PRICE_POINTS - 1), loaded.history.current];
    return {
      vaultId: loaded.vault.id,
      name: loaded.vault.name,
      points: points.map((point) => ({ time: new Date(point.time).toISOString(), price: point.price.toString() })),
    };
  });

  const held = perVault.filter((vault) => vault.value > 0n);
  return {
    range,
    from: from === null ? null : new Date(from).toISOString(),
    asOf: asOf === 0 ? null : new Date(asOf).toISOString(),
    indexing: history.indexing,
    stale: vaults.some((loaded) => loaded.stale),
    walletCount: history.walletCount,
    unavailableVaults: history.unavailable.map((vault) => ({ id: vault.id, name: vault.name })),
    hasHistory,
    summary: {
      totalEarnings: perVault.reduce((sum, vault) => sum + vault.earnedInRange, 0n).toString(),
      earnedAllTime: perVault.reduce((sum, vault) => sum + vault.earned, 0n).toString(),
      averageApy: toString(weightedMean(held.map((vault) => ({ weight: vault.value, value: vault.realisedApy })))),
      totalDeposits: perVault.reduce((sum, vault) => sum + vault.depositsInRange, 0n).toString(),
      currentValue: perVault.reduce((sum, vault) => sum + vault.value, 0n).toString(),
      netContributed: perVault.reduce((sum, vault) => sum + vault.netContributed, 0n).toString(),
      bestMonth: bestMonth === null ? null : { month: bestMonth.month, amount: bestMonth.amount.toString() },
    },
    vaults: perVault.map((vault) => ({
      ...vault,
      value: vault.value.toString(),
      netContributed: vault.netContributed.toString(),
      earned: vault.earned.toString(),
      earnedInRange: vault.earnedInRange.toString(),
      depositsInRange: vault.depositsInRange.toString(),
      sharePrice: vault.sharePrice.toString(),
      realisedApy: toString(vault.realisedApy),
      priceChange: toString(vault.priceChange),
      apySince: vault.apySince === null ? null : new Date(vault.apySince).toISOString(),
    })),
    chart: { balance, markers, sharePrices },
    activity: activity.slice(0, RECENT_ACTIVITY_ROWS),
  };
}

/**
 * The dashboard's on-chain figures: earned since the first deposit and the
 * value-weighted realised APY of the last 30 days, plus each vault's own
 * realised 30-day APY (from its share price, whoever holds it).
 */
export function buildOverview(history: LoadedHistory) {
  const month = buildHistory(history, '30d');
  return {
    asOf: month.asOf,
    indexing: month.indexing,
    stale: month.stale,
    walletCount: month.walletCount,
    // The dashboard's figures are the vaults': USDC received but not deposited is not on-chain savings history.
    hasHistory: hasVaultFlows(history),
    earnedAllTime: month.summary.earnedAllTime,
    currentValue: month.summary.currentValue,
    netContributed: month.summary.netContributed,
    realisedApy30d: month.summary.averageApy,
    vaults: month.vaults.map((vault) => ({
      id: vault.id,
      name: vault.name,
      value: vault.value,
      earned: vault.earned,
      realisedApy30d: vault.realisedApy,
      apySince: vault.apySince,
    })),
  };
}

export type HistoryOverview = ReturnType<typeof buildOverview>;
