import { isFutureMonth, monthLabel } from '@keel/core/statement-month';
import { statementMonthSchema, timeZoneSchema } from '@keel/core/statement-schemas';
import { statementLinks } from '@keel/core/statement-format';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { AppEnv } from '../../lib/app-env.js';
import { AppError } from '../../lib/app-error.js';
import { validate } from '../../lib/validate.js';
import { requireUser } from '../../middleware/require-user.js';
import { limitHistory } from '../history/limit-history.js';
import { buildMonthlyStatement, listStatementMonths } from './build-monthly-statement.js';
import { renderStatementHtml, statementFileName } from './render-statement-html.js';
import { listStatementsDocs, statementDocs, statementHtmlDocs } from './statements.docs.js';

const zoneQuerySchema = z.object({ timeZone: timeZoneSchema });
const monthParamSchema = z.object({ month: statementMonthSchema });

/** A month that has not begun in the saver's zone has nothing to state: a 400, not an empty statement. */
function refuseFutureMonth(month: string, timeZone: string, now: number): void {
  if (isFutureMonth(month, timeZone, now)) {
    throw new AppError('VALIDATION_FAILED', `${monthLabel(month)} has not started yet.`);
  }
}

/**
 * /api/statements: the signed-in user's monthly statements, from Keel's indexed
 * records of their linked wallets only. The month is a calendar month in the
 * query's timeZone (default UTC); the current month is stated "to date".
 */
export function statementsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', listStatementsDocs, requireUser, limitHistory(deps), validate('query', zoneQuerySchema), async (c) => {
      const { timeZone } = c.req.valid('query');
      return c.json({ timeZone, months: await listStatementMonths(deps, c.get('user').id, timeZone) });
    })
    .get(
      '/:month',
      statementDocs,
      requireUser,
      limitHistory(deps),
      validate('param', monthParamSchema),
      validate('query', zoneQuerySchema),
      async (c) => {
        const { month } = c.req.valid('param');
        const { timeZone } = c.req.valid('query');
        refuseFutureMonth(month, timeZone, deps.now());
        return c.json(await buildMonthlyStatement(deps, c.get('user').id, month, timeZone));
      },
    )
    .get(
      '/:month/html',
      statementHtmlDocs,
      requireUser,
      limitHistory(deps),
      validate('param', monthParamSchema),
      validate('query', zoneQuerySchema),
      async (c) => {
        const { month } = c.req.valid('param');
        const { timeZone } = c.req.valid('query');
        refuseFutureMonth(month, timeZone, deps.now());
        const statement = await buildMonthlyStatement(deps, c.get('user').id, month, timeZone);
        c.header('Content-Disposition', `attachment; filename="${statementFileName(month)}"`);
        return c.html(renderStatementHtml(statement, statementLinks(deps.config.appUrl, month, timeZone)));
      },
    );
}
