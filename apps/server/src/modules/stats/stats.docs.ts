import { z } from 'zod';
import { describe, isoTime, jsonResponse } from '../../lib/api-docs.js';
import type { PublicStats } from './read-public-stats.js';

const measured = z
  .object({ value: z.string().describe('An integer as a decimal string'), asOf: isoTime })
  .nullable()
  .describe('null when it cannot be measured right now');

const statsSchema: z.ZodType<PublicStats> = z.object({
  totalValue: measured.describe(
    'Sum of the three vaults’ totalAssets() in micro-USDC, read from chain; null if any vault is unverified or unreadable',
  ),
  savers: measured.describe('Accounts with a verified email, counted in the database'),
});

export const statsDocs = describe({
  tag: 'Operations',
  summary: 'Measured figures for the landing page: money held in the three vaults and verified savers',
  description: 'Public. Every caller within STATS_CACHE_MS shares one chain read and one count.',
  responses: { 200: jsonResponse('The measured figures, each with its as-of time', statsSchema) },
});
