import { DEFAULT_STATEMENT_TIME_ZONE, monthBounds, monthOf } from '@keel/core/statement-month';
import { statementLinks } from '@keel/core/statement-format';
import { and, isNotNull, like } from 'drizzle-orm';
import { mailOutbox, userWallets } from '../../db/schema.js';
import type { Logger } from '../../lib/logger.js';
import { greet, unsubscribeHeaders, unsubscribeNotes } from '../../mail/notification-emails.js';
import { enqueueNotification, type NotificationContext } from '../notifications/enqueue-notification.js';
import { buildMonthlyStatement, listStatementMonths, type StatementDeps } from './build-monthly-statement.js';
import { renderStatementEmail } from './render-statement-email.js';

/**
 * Statements go out on the first days of a month: on the 1st normally, and on the 2nd or 3rd after a server that
 * was down on the 1st. Later than that, last month's statement is on the performance page, not news to mail.
 */
export const STATEMENT_MAIL_DAYS = 3;
/** How often a server looks for statements due; sending is idempotent, so every instance may look. */
export const STATEMENT_CHECK_MS = 60 * 60_000;

type JobDeps = StatementDeps & { notify: NotificationContext; wakeOutbox: () => void };

/** The month that ended most recently in `timeZone`, if `now` is within the first STATEMENT_MAIL_DAYS of the next. */
export function statementMonthDue(now: number, timeZone: string): string | null {
  const current = monthBounds(monthOf(now, timeZone), timeZone);
  if (now - current.start >= STATEMENT_MAIL_DAYS * 24 * 60 * 60_000) return null;
  return monthOf(current.start - 1, timeZone);
}

/**
 * The monthly statement mail, for every saver with a position or activity in the month just ended: built from the
 * indexed records, written to the outbox once per saver and month (its dedupe key names both, so a second look,
 * or a second instance, adds nothing). Savers have no stored time zone, so months end at midnight UTC. Answers
 * how many statements were enqueued.
 */
export async function enqueueMonthlyStatements(deps: JobDeps): Promise<number> {
  const timeZone = DEFAULT_STATEMENT_TIME_ZONE;
  const month = statementMonthDue(deps.now(), timeZone);
  if (month === null) return 0;
  const [savers, already] = await Promise.all([
    deps.db.selectDistinct({ userId: userWallets.userId }).from(userWallets).where(isNotNull(userWallets.linkedAt)),
    deps.db
      .select({ key: mailOutbox.dedupeKey })
      .from(mailOutbox)
      .where(and(like(mailOutbox.dedupeKey, `monthly_statement:${month}:%`))),
  ]);
  const sent = new Set(already.map((row) => row.key));
  const links = statementLinks(deps.config.appUrl, month, timeZone);
  let enqueued = 0;
  for (const { userId } of savers) {
    if (sent.has(`monthly_statement:${month}:${userId}`)) continue;
    const months = await listStatementMonths(deps, userId, timeZone);
    if (!months.some((entry) => entry.month === month)) continue;
    const statement = await buildMonthlyStatement(deps, userId, month, timeZone);
    const added = await enqueueNotification(deps.db, deps.notify, {
      userId,
      kind: 'monthly_statement',
      eventKey: month,
      build: (recipient, unsubscribe) => {
        const mail = renderStatementEmail(statement, links, {
          greeting: greet(recipient.name),
          notes: unsubscribeNotes(unsubscribe),
        });
        return { to: recipient.email, ...mail, headers: unsubscribeHeaders(unsubscribe) };
      },
    });
    if (added) enqueued += 1;
  }
  if (enqueued > 0) deps.wakeOutbox();
  return enqueued;
}

/** Looks for statements due now and every STATEMENT_CHECK_MS; answers the stop function. */
export function startMonthlyStatements(deps: JobDeps & { logger: Logger }): () => void {
  const run = () => {
    enqueueMonthlyStatements(deps).then(
      (enqueued) => {
        if (enqueued > 0) deps.logger.info({ enqueued }, 'monthly statements written to the outbox');
      },
      (error: unknown) => deps.logger.error({ err: error }, 'monthly statements could not be prepared'),
    );
  };
  run();
  const timer = setInterval(run, STATEMENT_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
