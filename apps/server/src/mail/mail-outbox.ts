import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import type { Logger } from '../lib/logger.js';
import type { Mailer, MailMessage } from './mailer.js';

/** A claimed mail not marked sent or failed within this long is claimed again: its sender died mid-send. */
export const MAIL_LEASE_MS = 2 * 60_000;
/** How often the worker looks for due mail (it also wakes at once after an enqueue in this process). */
export const MAIL_POLL_MS = 300;
/** Retries back off from 5 s, doubling, up to an hour; after this many attempts the mail is marked failed. */
export const MAIL_MAX_ATTEMPTS = 20;
const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** Mails claimed per round: one instance never holds the whole backlog while another idles. */
const CLAIM_BATCH = 10;

/** The main connection or a transaction: a mail enqueued in a transaction commits (or not) with it. */
export type Executor = Database | Transaction;

export type EnqueueOptions = {
  /** The mail's kind, for logs and the health backlog ('verification', 'deposit_confirmed', …). */
  kind: string;
  /** One mail per key, ever: enqueueing the same event again (a re-index, a second source) adds nothing. */
  dedupeKey?: string;
  userId?: string;
};

/**
 * Writes one mail to the outbox. Answers whether a row was added (false: the dedupe key was already there).
 * `now` is the app's clock, so tests that move time move the retry schedule too.
 */
export async function enqueueMail(
  executor: Executor,
  message: MailMessage,
  options: EnqueueOptions,
  now: Date,
): Promise<boolean> {
  const rows = await executor
    .insert(mailOutbox)
    .values({
      kind: options.kind,
      dedupeKey: options.dedupeKey ?? null,
      userId: options.userId ?? null,
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      replyTo: message.replyTo ?? null,
      headers: message.headers ?? null,
      nextAttemptAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/** The delay before attempt `attempts + 1`: 5 s, 10 s, 20 s … capped at an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/** The stable Message-ID of an outbox row: a mail sent twice (after a lease ran out) is recognisably one mail. */
export function outboxMessageId(rowId: string, appUrl: string): string {
  return `<${rowId}.outbox@${new URL(appUrl).hostname}>`;
}

type ClaimedRow = typeof mailOutbox.$inferSelect;

export type MailBacklog = {
  /** Mail not yet sent that will still be tried. */
  pending: number;
  /** Mail whose retries ran out. */
  failed: number;
};

export type MailOutbox = {
  /** enqueueMail on the main connection, then wakes this instance's worker so the mail leaves at once. */
  enqueue: (message: MailMessage, options: EnqueueOptions) => Promise<boolean>;
  /** Wakes the worker (after a transaction that enqueued mail has committed). */
  wake: () => void;
  /** Claims and sends every mail due now, round after round; concurrent callers share the run. */
  drain: () => Promise<number>;
  /** Claims up to `limit` due mails for this worker (exported for the crash tests). */
  claim: (limit?: number) => Promise<ClaimedRow[]>;
  backlog: () => Promise<MailBacklog>;
  /** Polls every MAIL_POLL_MS until stopped. */
  start: () => void;
  /** Stops polling and waits for the round under way (its mails are marked, not left claimed). */
  stop: () => Promise<void>;
};

export type MailOutboxOptions = {
  db: Database;
  /** Read at each send, so a test that swaps deps.mailer is heard. */
  mailer: () => Mailer;
  logger: Logger;
  now: () => number;
  appUrl: string;
  pollMs?: number;
};

export function createMailOutbox(options: MailOutboxOptions): MailOutbox {
  const { db, logger } = options;
  const pollMs = options.pollMs ?? MAIL_POLL_MS;
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;

  async function claim(limit = CLAIM_BATCH): Promise<ClaimedRow[]> {
    const now = new Date(options.now());
    const leaseEnded = new Date(options.now() - MAIL_LEASE_MS);
    const token = randomUUID();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          isNull(mailOutbox.failedAt),
          lte(mailOutbox.nextAttemptAt, now),
          or(isNull(mailOutbox.claimedAt), lt(mailOutbox.claimedAt, leaseEnded)),
        ),
      )
      // Oldest first, so two mails about one thing (unavailable, then available again) go out in order.
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(mailOutbox)
      .set({ claimedAt: now, claimToken: token, attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, due))
      .returning();
    // RETURNING keeps no order: sent oldest first, as claimed.
    return claimed.sort(
      (a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime(),
    );
  }

  async function deliver(row: ClaimedRow): Promise<void> {
    const owned = and(eq(mailOutbox.id, row.id), eq(mailOutbox.claimToken, row.claimToken ?? ''));
    try {
      await options.mailer().send({
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        replyTo: row.replyTo ?? undefined,
        headers: row.headers ?? undefined,
        messageId: outboxMessageId(row.id, options.appUrl),
      });
      await db
        .update(mailOutbox)
        .set({ sentAt: new Date(options.now()), claimedAt: null, claimToken: null, lastError: null })
        .where(owned);
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const givenUp = row.attempts >= MAIL_MAX_ATTEMPTS;
      const at = options.now();
      await db
        .update(mailOutbox)
        .set({
          claimedAt: null,
          claimToken: null,
          lastError: reason,
          nextAttemptAt: new Date(at + retryDelayMs(row.attempts)),
          failedAt: givenUp ? new Date(at) : null,
        })
        .where(owned);
      // Recipient and kind only: bodies carry reset and verification links.
      const fields = { err: error, outboxId: row.id, kind: row.kind, to: row.toAddress, attempts: row.attempts };
      if (givenUp) logger.error(fields, 'mail failed for good: retries used up');
      else logger.warn(fields, 'mail delivery failed; retrying later');
    }
  }

  async function runRounds(): Promise<number> {
    let sent = 0;
    for (;;) {
      again = false;
      const rows = await claim();
      for (const row of rows) await deliver(row);
      sent += rows.length;
      if (rows.length < CLAIM_BATCH && !again) return sent;
    }
  }

  function drain(): Promise<number> {
    if (running) {
      // A mail enqueued while a round runs may have been missed by its claim: one more round follows.
      again = true;
      return running;
    }
    running = runRounds().finally(() => {
      running = null;
    });
    return running;
  }

  function tick(): void {
    drain()
      .catch((error: unknown) => logger.error({ err: error }, 'mail outbox round failed'))
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(tick, pollMs);
        // The worker never keeps the process alive on its own.
        timer.unref();
      });
  }

  function wake(): void {
    if (stopped) return;
    drain().catch((error: unknown) => logger.error({ err: error }, 'mail outbox round failed'));
  }

  return {
    async enqueue(message, enqueueOptions) {
      const added = await enqueueMail(db, message, enqueueOptions, new Date(options.now()));
      if (added) wake();
      return added;
    },
    wake,
    drain,
    claim,
    async backlog() {
      const [row] = await db
        .select({
          pending: sql<number>`count(*) filter (where ${mailOutbox.failedAt} is null)::int`,
          failed: sql<number>`count(*) filter (where ${mailOutbox.failedAt} is not null)::int`,
        })
        .from(mailOutbox)
        .where(isNull(mailOutbox.sentAt));
      return { pending: row?.pending ?? 0, failed: row?.failed ?? 0 };
    },
    start() {
      if (!stopped) return;
      stopped = false;
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}
