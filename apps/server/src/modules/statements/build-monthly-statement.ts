import { monthBounds, monthLabel, monthOf, monthsBetween } from '@keel/core/statement-month';
import type { VaultId } from '@keel/core/vaults';
import { periodFigures, sharesAt, sumPeriodFigures, type PeriodFigures, type VaultHistory } from '@keel/core/yield-math';
import type { AppDeps } from '../../deps.js';
import { eventRow, type ActivityRow } from '../history/build-history.js';
import { historyVaults, loadIndexedHistories, type LoadedHistory } from '../history/load-vault-histories.js';
import { listLinkedWallets } from '../wallet/list-linked-wallets.js';

/** What building a statement needs: the database, the configured vaults and their verified status, the clock. */
export type StatementDeps = Pick<AppDeps, 'db' | 'config' | 'chain' | 'now'>;

/** Money as integer strings of micro-USDC; fractions as integer strings of 10^-18 (null: not meaningful, shown "—"). */
type FiguresJson = {
  openingValue: string;
  closingValue: string;
  /** Deposits, plus vault shares received from another wallet at that moment's value. */
  deposits: string;
  /** Withdrawals, plus vault shares sent to another wallet at that moment's value. */
  withdrawals: string;
  /** closing − opening − deposits + withdrawals. */
  earned: string;
  averageBalance: string;
  monthReturn: string | null;
  realisedApy: string | null;
};

export type StatementActivity = Pick<
  ActivityRow,
  'id' | 'time' | 'type' | 'amount' | 'shares' | 'shareDecimals' | 'txHash' | 'isFromKeel'
>;

export type StatementVault = FiguresJson & {
  id: VaultId;
  name: string;
  address: string;
  /** Deposits, withdrawals and share transfers in the month, oldest first. */
  activity: StatementActivity[];
};

export type MonthlyStatement = {
  month: string;
  /** "March 2026". */
  label: string;
  timeZone: string;
  /** The month's first moment in the time zone. */
  periodStart: string;
  /** The month's end (excluded); for the current month, the moment the figures reach. */
  periodEnd: string;
  /** The current month: figures so far, not a closed month. */
  isToDate: boolean;
  /** The last indexed moment the figures know of; null before anything is indexed. */
  asOf: string | null;
  /** Some vault is not indexed yet: figures may be missing. */
  indexing: boolean;
  /** Vaults that failed verification: named, never with figures. */
  unavailableVaults: { id: VaultId; name: string }[];
  walletCount: number;
  /** Any vault held money or moved money in the month. */
  hasPosition: boolean;
  /** Any deposit, withdrawal or share transfer in the month. */
  hasActivity: boolean;
  totals: FiguresJson;
  vaults: StatementVault[];
};

export type StatementMonth = { month: string; label: string; isToDate: boolean };

const toFraction = (value: bigint | null) => (value === null ? null : value.toString());

function figuresJson(figures: PeriodFigures): FiguresJson {
  return {
    openingValue: figures.openingValue.toString(),
    closingValue: figures.closingValue.toString(),
    deposits: figures.moneyIn.toString(),
    withdrawals: figures.moneyOut.toString(),
    earned: figures.earned.toString(),
    averageBalance: figures.averageBalance.toString(),
    monthReturn: toFraction(figures.periodReturn),
    realisedApy: toFraction(figures.realisedApy),
  };
}

/**
 * A month as the history functions read it. They take periods as (from, to];
 * a month is [start, end) in the saver's zone, so both ends move back one
 * millisecond: a deposit at exactly local midnight opens the new month. Block
 * times are whole seconds, so nothing else moves.
 */
function statementPeriod(month: string, timeZone: string, now: number) {
  const bounds = monthBounds(month, timeZone);
  const isToDate = now < bounds.end;
  const end = Math.min(bounds.end, now);
  return { start: bounds.start, end, isToDate, from: bounds.start - 1, to: end - 1 };
}

function heldOrMoved(history: VaultHistory, from: number, to: number): boolean {
  return sharesAt(history.flows, from) > 0n || history.flows.some((flow) => flow.time > from && flow.time <= to);
}

/**
 * One month's statement from indexed history (pure: no database, no chain). Per
 * vault held or used in the month: its value at the month's start and end (the
 * shares then × the last share-price snapshot before), money in and out,
 * earnings, and the month's realised APY (core's periodFigures: Modified Dietz,
 * annualised).
 */
export function statementFromHistory(history: LoadedHistory, month: string, timeZone: string, now: number): MonthlyStatement {
  const period = statementPeriod(month, timeZone, now);
  const asOf = history.vaults.reduce((latest, loaded) => Math.max(latest, loaded.history.current.time), 0);
  const span = period.to - period.from;

  const vaults: StatementVault[] = [];
  const figures: PeriodFigures[] = [];
  for (const loaded of history.vaults) {
    if (!heldOrMoved(loaded.history, period.from, period.to)) continue;
    const vaultFigures = periodFigures(loaded.history, period.from, period.to);
    figures.push(vaultFigures);
    const activity = loaded.events
      .filter((event) => event.time > period.from && event.time <= period.to)
      .map((event) => {
        const { id, time, type, amount, shares, shareDecimals, txHash, isFromKeel } = eventRow(event);
        return { id, time, type, amount, shares, shareDecimals, txHash, isFromKeel };
      });
    vaults.push({
      id: loaded.vault.id,
      name: loaded.vault.name,
      address: loaded.vault.address.toLowerCase(),
      ...figuresJson(vaultFigures),
      activity,
    });
  }

  return {
    month,
    label: monthLabel(month),
    timeZone,
    periodStart: new Date(period.start).toISOString(),
    periodEnd: new Date(period.end).toISOString(),
    isToDate: period.isToDate,
    asOf: asOf === 0 ? null : new Date(asOf).toISOString(),
    indexing: history.indexing,
    unavailableVaults: history.unavailable.map((vault) => ({ id: vault.id, name: vault.name })),
    walletCount: history.walletCount,
    hasPosition: vaults.length > 0,
    hasActivity: vaults.some((vault) => vault.activity.length > 0),
    totals: figuresJson(sumPeriodFigures(figures, span)),
    vaults,
  };
}

/** The months, newest first, in which any vault held or moved the user's money (the current month included). */
export function statementMonthsFromHistory(history: LoadedHistory, timeZone: string, now: number): StatementMonth[] {
  const firstFlow = Math.min(...history.vaults.map((loaded) => loaded.history.flows[0]?.time ?? Infinity));
  if (!Number.isFinite(firstFlow)) return [];
  const months = monthsBetween(monthOf(firstFlow, timeZone), monthOf(now, timeZone)).filter((month) => {
    const period = statementPeriod(month, timeZone, now);
    return history.vaults.some((loaded) => heldOrMoved(loaded.history, period.from, period.to));
  });
  return months.reverse().map((month) => ({
    month,
    label: monthLabel(month),
    isToDate: statementPeriod(month, timeZone, now).isToDate,
  }));
}

/** The user's history from Keel's own indexed records: linked wallets only, verified vaults only, no chain read. */
export async function loadStatementHistory(deps: StatementDeps, userId: string): Promise<LoadedHistory> {
  const [wallets, statuses] = await Promise.all([listLinkedWallets(deps.db, userId), deps.chain.vaults.list()]);
  return loadIndexedHistories({
    db: deps.db,
    chainId: deps.config.chainId,
    vaults: historyVaults(deps.config, statuses),
    userId,
    wallets,
  });
}

/**
 * The monthly statement of one user for 'YYYY-MM' in an IANA time zone (UTC
 * by default), from the server's indexed records. The caller validates the
 * month (routes: statement-params.ts); the current month is "to date".
 */
export async function buildMonthlyStatement(
  deps: StatementDeps,
  userId: string,
  month: string,
  timeZone: string,
): Promise<MonthlyStatement> {
  return statementFromHistory(await loadStatementHistory(deps, userId), month, timeZone, deps.now());
}

/** The months with a statement for one user, newest first. */
export async function listStatementMonths(deps: StatementDeps, userId: string, timeZone: string): Promise<StatementMonth[]> {
  return statementMonthsFromHistory(await loadStatementHistory(deps, userId), timeZone, deps.now());
}
