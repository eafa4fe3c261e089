import { formatDecimal, USDC_DECIMALS } from '@keel/core/money';
import type { MonthBounds } from '@keel/core/statement-month';
import type { ActivityRow } from './build-history.js';

export const CSV_HEADER = ['date', 'type', 'vault', 'amount_usdc', 'shares', 'tx_hash', 'counterparty'] as const;
/** Rows per chunk written to the response. */
const ROWS_PER_CHUNK = 500;

/** Quotes a field when it holds a comma, quote or line break (RFC 4180). */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV line: ISO date, type, vault, signed USDC amount, shares (whole-share decimal), tx hash, and who sent or got USDC. */
export function activityCsvLine(row: ActivityRow): string {
  const fields = [
    row.time,
    row.type,
    row.vault,
    formatDecimal(BigInt(row.amount), USDC_DECIMALS, 2),
    row.shares === null ? '' : formatDecimal(BigInt(row.shares), row.shareDecimals, 0),
    row.txHash ?? '',
    row.counterparty ?? '',
  ];
  return `${fields.map(csvField).join(',')}\r\n`;
}

/**
 * The rows of one month: movements dated within it in the saver's time zone;
 * interest rows by the calendar month (UTC) they are the interest of, as
 * every CSV dates them.
 */
export function activityInMonth(rows: readonly ActivityRow[], bounds: MonthBounds): ActivityRow[] {
  return rows.filter((row) => {
    if (row.type === 'Interest') return row.time.slice(0, 7) === bounds.month;
    const time = Date.parse(row.time);
    return time >= bounds.start && time < bounds.end;
  });
}

export function activityCsvFileName(now: Date): string {
  return `keel-activity-${now.toISOString().slice(0, 10)}.csv`;
}

/** The activity as a CSV stream, a chunk of rows at a time. */
export function streamActivityCsv(rows: readonly ActivityRow[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let index = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${CSV_HEADER.join(',')}\r\n`));
    },
    pull(controller) {
      const chunk = rows.slice(index, index + ROWS_PER_CHUNK);
      index += chunk.length;
      if (chunk.length > 0) controller.enqueue(encoder.encode(chunk.map(activityCsvLine).join('')));
      if (index >= rows.length) controller.close();
    },
  });
}
