import { z } from 'zod';
import { DEFAULT_STATEMENT_TIME_ZONE, isValidTimeZone, STATEMENT_MONTH_PATTERN } from './statement-month.js';

// Apart from statement-month.ts, so the web's date helpers that share its month names do not bundle zod.

export const statementMonthSchema = z
  .string()
  .regex(STATEMENT_MONTH_PATTERN, { error: 'month must be a year and month written YYYY-MM, for example 2026-03' });

export const timeZoneSchema = z
  .string()
  .max(64, { error: 'timeZone must be a time zone name such as Europe/Berlin' })
  .refine(isValidTimeZone, { error: 'timeZone must be a time zone name such as Europe/Berlin' })
  .default(DEFAULT_STATEMENT_TIME_ZONE);
