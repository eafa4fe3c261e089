import { PERFORMANCE_RANGES } from '@keel/core/constants';
import { z } from 'zod';
import { describe, isoTime, jsonResponse, tokenUnits } from '../../lib/api-docs.js';
import { vaultStatusSchema } from '../vaults/vaults.docs.js';
import type { ActivityRow, HistoryOverview, HistoryResponse } from './build-history.js';
import type { VaultFigures } from './load-vault-figures.js';
import { CSV_HEADER } from './export-activity-csv.js';

const TAG = 'History';
const RATE_LIMITED = 'RATE_LIMITED "Too many history requests. Please try again in N seconds." (LIMIT_HISTORY_MAX per user)';
const fraction = z.string().describe('A fraction as an integer string of 10^-18 (1e18 = 100 %)');
const vaultId = vaultStatusSchema.shape.id;

const activitySchema: z.ZodType<ActivityRow> = z.object({
  id: z.string(),
  time: isoTime,
  type: z.enum(['Deposit', 'Withdraw', 'Transfer in', 'Transfer out', 'Interest', 'Received', 'Sent']),
  vaultId: vaultId.nullable().describe('null for USDC received into or sent from the saver’s own address'),
  vault: z.string().describe('The vault’s name, or "Wallet" for Received and Sent'),
  vaultAddress: z.string().describe('The vault, or the saver’s own address for Received and Sent'),
  counterparty: z.string().nullable().describe('Who sent the USDC received, or where the USDC sent went'),
  amount: tokenUnits.describe('Signed micro-USDC'),
  shares: tokenUnits.nullable(),
  shareDecimals: z.number().int(),
  txHash: z.string().nullable().describe('null for interest'),
  isPartialMonth: z.boolean(),
  isFromKeel: z.boolean().describe('Sent from Keel’s dialogs (matched to the account’s transfers)'),
});

const historySchema: z.ZodType<HistoryResponse> = z.object({
  range: z.enum(PERFORMANCE_RANGES.map((range) => range.id) as [HistoryResponse['range'], ...HistoryResponse['range'][]]),
  from: isoTime.nullable(),
  asOf: isoTime.nullable(),
  indexing: z.boolean().describe('Some vault is not indexed yet'),
  stale: z.boolean().describe('The chain could not be read: figures are as of the last indexed block'),
  walletCount: z.number().int(),
  unavailableVaults: z.array(z.object({ id: vaultId, name: z.string() })),
  hasHistory: z.boolean(),
  summary: z.object({
    totalEarnings: tokenUnits,
    earnedAllTime: tokenUnits,
    averageApy: fraction.nullable(),
    totalDeposits: tokenUnits,
    currentValue: tokenUnits,
    netContributed: tokenUnits,
    bestMonth: z.object({ month: z.string().describe('YYYY-MM'), amount: tokenUnits }).nullable(),
  }),
  vaults: z.array(
    z.object({
      id: vaultId,
      name: z.string(),
      address: z.string(),
      hasPosition: z.boolean(),
      value: tokenUnits,
      netContributed: tokenUnits,
      earned: tokenUnits,
      earnedInRange: tokenUnits,
      depositsInRange: tokenUnits,
      sharePrice: tokenUnits,
      realisedApy: fraction.nullable(),
      priceChange: fraction.nullable(),
      apySince: isoTime.nullable(),
      stale: z.boolean(),
      indexedBlock: z.number().int(),
    }),
  ),
  chart: z.object({
    balance: z.array(
      z.object({
        time: isoTime,
        value: tokenUnits.describe('Held in the vaults'),
        wallet: tokenUnits
          .nullable()
          .describe(
            'USDC in the saver’s own addresses (ready to deposit); null where it is not known: an address not indexed yet, or before its indexed history begins',
          ),
      }),
    ),
    markers: z.array(
      z.object({
        time: isoTime,
        type: z.enum(['Deposit', 'Withdraw', 'Transfer in', 'Transfer out', 'Interest', 'Received', 'Sent']),
        vault: z.string().describe('The vault’s name, or "Wallet" for Received and Sent'),
        amount: tokenUnits.describe('Signed micro-USDC'),
        value: tokenUnits.describe('Where the marker sits: the vault balance, or the wallet’s for Received and Sent'),
      }),
    ),
    sharePrices: z.array(
      z.object({ vaultId, name: z.string(), points: z.array(z.object({ time: isoTime, price: tokenUnits })) }),
    ),
  }),
  activity: z.array(activitySchema).describe('The most recent rows'),
});

const overviewSchema: z.ZodType<HistoryOverview> = z.object({
  asOf: isoTime.nullable(),
  indexing: z.boolean(),
  stale: z.boolean(),
  walletCount: z.number().int(),
  hasHistory: z.boolean(),
  earnedAllTime: tokenUnits,
  currentValue: tokenUnits,
  netContributed: tokenUnits,
  realisedApy30d: fraction.nullable(),
  vaults: z.array(
    z.object({
      id: vaultId,
      name: z.string(),
      value: tokenUnits,
      earned: tokenUnits,
      realisedApy30d: fraction.nullable(),
      apySince: isoTime.nullable(),
    }),
  ),
});

export const historyDocs = describe({
  tag: TAG,
  summary: 'Performance for a range: summary, per-vault figures, chart series, recent activity',
  description: 'From the indexed chain history of the account’s linked wallets only. Money in micro-USDC.',
  signedIn: true,
  responses: { 200: jsonResponse('The performance figures', historySchema) },
  errors: { 400: 'VALIDATION_FAILED "range must be one of 7d, 30d, 90d, 1y, all"', 429: RATE_LIMITED },
});

export const overviewDocs = describe({
  tag: TAG,
  summary: 'The dashboard’s on-chain figures (earned, value, 30-day realised APY)',
  signedIn: true,
  responses: { 200: jsonResponse('The overview', overviewSchema) },
  errors: { 429: RATE_LIMITED },
});

export const exportCsvDocs = describe({
  tag: TAG,
  summary: 'All activity, or one month of it, as CSV (download)',
  description:
    `Streamed as an attachment keel-activity-YYYY-MM-DD.csv with the columns ${CSV_HEADER.join(', ')}. ` +
    'With month=YYYY-MM (and timeZone, an IANA name, default UTC): only that month, as keel-activity-YYYY-MM.csv; ' +
    'movements by their time in the zone, interest rows by the UTC calendar month they are the interest of.',
  signedIn: true,
  responses: {
    200: {
      description: 'The CSV file',
      content: { 'text/csv': { schema: { type: 'string' } } },
      headers: {
        'Content-Disposition': { schema: { type: 'string' }, description: 'attachment; filename="keel-activity-…csv"' },
      },
    },
  },
  errors: {
    400: 'VALIDATION_FAILED "month must be a year and month written YYYY-MM, for example 2026-03", "… has not started yet", or a bad timeZone',
    429: RATE_LIMITED,
  },
});

const realisedApySchema = z.object({
  apy: fraction.nullable().describe('null until the window has share-price history'),
  since: isoTime.nullable().describe('The snapshot the window starts from'),
});

const vaultFiguresSchema: z.ZodType<VaultFigures> = z.object({
  vault: z.object({ id: vaultId, name: z.string(), address: z.string(), available: z.boolean() }),
  indexing: z.boolean().describe('The vault is not indexed yet: no figures'),
  stale: z.boolean().describe('The chain could not be read: figures are from the last snapshot'),
  figures: z
    .object({
      asOf: isoTime,
      blockNumber: z.number().int(),
      shareDecimals: z.number().int(),
      totalAssets: tokenUnits,
      sharePrice: tokenUnits.describe('Assets per 10^shareDecimals shares'),
      realisedApy7d: realisedApySchema,
      realisedApy30d: realisedApySchema,
    })
    .nullable()
    .describe('null for an unavailable (unverified) vault, while indexing, or before any snapshot'),
  chart: z.array(z.object({ time: isoTime, price: tokenUnits })),
});

export const vaultFiguresDocs = describe({
  tag: TAG,
  summary: 'One vault’s live figures for its page: total assets, share price, realised APY 7d/30d, share-price series',
  description:
    'Read at the indexed block (through a short cache); the last snapshot, marked stale, when the chain cannot be read.',
  signedIn: true,
  responses: { 200: jsonResponse('The vault’s figures', vaultFiguresSchema) },
  errors: {
    400: 'VALIDATION_FAILED "vault must be one of …" or "range must be one of 7d, 30d, 90d, 1y, all"',
    429: RATE_LIMITED,
  },
});
