import { z } from 'zod';
import { describe, isoTime, jsonResponse, tokenUnits } from '../../lib/api-docs.js';
import { vaultStatusSchema } from '../vaults/vaults.docs.js';
import type { MonthlyStatement, StatementMonth } from './build-monthly-statement.js';

const TAG = 'Statements';
const RATE_LIMITED =
  'RATE_LIMITED "Too many history requests. Please try again in N seconds." (shares LIMIT_HISTORY_MAX per user with /api/history)';
const fraction = z.string().describe('A fraction as an integer string of 10^-18 (1e18 = 100 %)');
const vaultId = vaultStatusSchema.shape.id;
const BAD_MONTH =
  'VALIDATION_FAILED "month must be a year and month written YYYY-MM, for example 2026-03", "… has not started yet", or "timeZone must be a time zone name such as Europe/Berlin"';
const METHOD =
  'Values are the shares held at the month’s start and end (local midnight in timeZone, default UTC) times the last share-price snapshot before. ' +
  'Earned = closing − opening − deposits + withdrawals. Realised APY = (1 + earned / average balance)^(365 days / month length) − 1, ' +
  'the average balance weighing each flow by the part of the month it was invested (Modified Dietz); null when that balance is not positive. ' +
  'The current month is allowed and marked isToDate. From Keel’s indexed records of the account’s linked wallets only; no chain read.';

const figures = {
  openingValue: tokenUnits,
  closingValue: tokenUnits,
  deposits: tokenUnits.describe('Deposits, plus vault shares received from another wallet at their value then'),
  withdrawals: tokenUnits.describe('Withdrawals, plus vault shares sent to another wallet at their value then'),
  earned: tokenUnits.describe('Signed'),
  averageBalance: tokenUnits.describe('Time-weighted balance the return is measured on'),
  monthReturn: fraction.nullable().describe('earned / averageBalance, not annualised'),
  realisedApy: fraction.nullable().describe('null (shown “—”) when not meaningful'),
};

const statementSchema: z.ZodType<MonthlyStatement> = z.object({
  month: z.string().describe('YYYY-MM'),
  label: z.string().describe('“March 2026”'),
  timeZone: z.string(),
  periodStart: isoTime,
  periodEnd: isoTime.describe('Excluded; for the current month, now'),
  isToDate: z.boolean().describe('The current month: figures so far'),
  asOf: isoTime.nullable().describe('The last indexed moment'),
  indexing: z.boolean(),
  unavailableVaults: z.array(z.object({ id: vaultId, name: z.string() })),
  walletCount: z.number().int(),
  hasPosition: z.boolean(),
  hasActivity: z.boolean(),
  totals: z.object(figures),
  vaults: z.array(
    z.object({
      id: vaultId,
      name: z.string(),
      address: z.string(),
      ...figures,
      activity: z.array(
        z.object({
          id: z.string(),
          time: isoTime,
          type: z.enum(['Deposit', 'Withdraw', 'Transfer in', 'Transfer out', 'Interest', 'Received', 'Sent']),
          amount: tokenUnits.describe('Signed micro-USDC'),
          shares: tokenUnits.nullable(),
          shareDecimals: z.number().int(),
          txHash: z.string().nullable(),
          isFromKeel: z.boolean(),
        }),
      ),
    }),
  ),
});

const monthsSchema: z.ZodType<{ timeZone: string; months: StatementMonth[] }> = z.object({
  timeZone: z.string(),
  months: z.array(z.object({ month: z.string(), label: z.string(), isToDate: z.boolean() })),
});

export const listStatementsDocs = describe({
  tag: TAG,
  summary: 'The months with a statement (any position or activity), newest first',
  description: 'The current month is included, marked isToDate. Query timeZone: an IANA name, default UTC.',
  signedIn: true,
  responses: { 200: jsonResponse('The months', monthsSchema) },
  errors: { 400: BAD_MONTH, 429: RATE_LIMITED },
});

export const statementDocs = describe({
  tag: TAG,
  summary: 'One month’s statement: per vault opening and closing value, deposits, withdrawals, earned, realised APY, activity',
  description: METHOD,
  signedIn: true,
  responses: { 200: jsonResponse('The statement', statementSchema) },
  errors: { 400: BAD_MONTH, 429: RATE_LIMITED },
});

export const statementHtmlDocs = describe({
  tag: TAG,
  summary: 'One month’s statement as a printable HTML document (download)',
  description: 'Self-contained (no scripts or external files), every value escaped. Attachment keel-statement-YYYY-MM.html.',
  signedIn: true,
  responses: {
    200: {
      description: 'The HTML file',
      content: { 'text/html': { schema: { type: 'string' } } },
      headers: {
        'Content-Disposition': { schema: { type: 'string' }, description: 'attachment; filename="keel-statement-YYYY-MM.html"' },
      },
    },
  },
  errors: { 400: BAD_MONTH, 429: RATE_LIMITED },
});
