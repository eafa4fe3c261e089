import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../db/schema.js';
import { createLogger } from '../lib/logger.js';
import { postJson } from '../test-support/auth-requests.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { createMailOutbox, MAIL_LEASE_MS, outboxMessageId, retryDelayMs } from './mail-outbox.js';
import { createMailer, type Mailer, type OutboxEntry } from './mailer.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A dev outbox of its own: what one worker (one server instance) sent. */
function recordingMailer(): Mailer & { outbox: OutboxEntry[] } {
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'Keel <no-reply@keel.local>',
    dataDir: 'memory://',
    logger: t.deps.logger,
  });
  if (!mailer.outbox) throw new Error('the dev mailer keeps an outbox');
  return { send: mailer.send, outbox: mailer.outbox };
}

/** A second server instance's worker on the same database. */
function anotherWorker(mailer: Mailer) {
  return createMailOutbox({
    db: t.deps.db,
    mailer: () => mailer,
    logger: createLogger('silent'),
    now: () => t.deps.now(),
    appUrl: t.config.appUrl,
  });
}

async function rowFor(to: string) {
  const [row] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  return row;
}

describe('the mail outbox', () => {
  it('sends an enqueued mail once, with a Message-ID from its row, and marks it sent', async () => {
    await t.deps.mailOutbox.enqueue({ to: 'once@example.com', subject: 'Hello', text: 'Hi there' }, { kind: 'test' });
    expect((t.deps.mailer.outbox ?? []).some((mail) => mail.to === 'once@example.com')).toBe(false);
    await t.deps.mailOutbox.drain();
    await t.deps.mailOutbox.drain();
    const sent = (t.deps.mailer.outbox ?? []).filter((mail) => mail.to === 'once@example.com');
    const row = await rowFor('once@example.com');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.messageId).toBe(outboxMessageId(row?.id ?? '', t.config.appUrl));
    expect(sent[0]?.messageId).toMatch(/^<[0-9a-f-]{36}\.outbox@localhost>$/);
    expect(row).toMatchObject({ attempts: 1, claimedAt: null, lastError: null });
    expect(row?.sentAt).not.toBeNull();
  });

  it('enqueues one mail per dedupe key, however often the same event is reported', async () => {
    const mail = { to: 'dedupe@example.com', subject: 'Deposit', text: 'x' };
    expect(await t.deps.mailOutbox.enqueue(mail, { kind: 'test', dedupeKey: 'test:dedupe:1' })).toBe(true);
    expect(await t.deps.mailOutbox.enqueue(mail, { kind: 'test', dedupeKey: 'test:dedupe:1' })).toBe(false);
    await t.deps.mailOutbox.drain();
    expect((t.deps.mailer.outbox ?? []).filter((entry) => entry.to === 'dedupe@example.com')).toHaveLength(1);
  });

  it('retries a failed send with back-off, then sends it', async () => {
    const working = t.deps.mailer;
    t.deps.mailer = { outbox: null, send: () => Promise.reject(new Error('421 try again later')) };
    try {
      await t.deps.mailOutbox.enqueue({ to: 'retry@example.com', subject: 'Retry', text: 'x' }, { kind: 'test' });
      await t.deps.mailOutbox.drain();
      expect(await rowFor('retry@example.com')).toMatchObject({ attempts: 1, sentAt: null, lastError: '421 try again later' });
      await t.deps.mailOutbox.drain();
      expect((await rowFor('retry@example.com'))?.attempts).toBe(1);
    } finally {
      t.deps.mailer = working;
    }
    // Not before its back-off is over…
    t.advanceTime(retryDelayMs(1) - 1000);
    await t.deps.mailOutbox.drain();
    expect((await rowFor('retry@example.com'))?.sentAt).toBeNull();
    // …then sent.
    t.advanceTime(1000);
    await t.deps.mailOutbox.drain();
    expect(await rowFor('retry@example.com')).toMatchObject({ attempts: 2, lastError: null });
    expect((t.deps.mailer.outbox ?? []).filter((mail) => mail.to === 'retry@example.com')).toHaveLength(1);
  });

  it('backs off 5 s, 10 s, 20 s … up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(30)).toBe(60 * 60_000);
  });

  it('sends each mail exactly once when two instances drain the same database at once', async () => {
    const first = recordingMailer();
    const second = recordingMailer();
    const workers = [anotherWorker(first), anotherWorker(second)];
    const recipients = Array.from({ length: 30 }, (_, index) => `pair-${index}@example.com`);
    for (const to of recipients) await t.deps.mailOutbox.enqueue({ to, subject: 'Pair', text: 'x' }, { kind: 'test' });
    await Promise.all(workers.map((worker) => worker.drain()));
    const sent = [...first.outbox, ...second.outbox].map((mail) => mail.to).sort();
    expect(sent).toEqual([...recipients].sort());
  });

  it('sends a mail again after the lease when its sender died mid-send, exactly once', async () => {
    const survivor = recordingMailer();
    const crashed = anotherWorker(recordingMailer());
    const other = anotherWorker(survivor);
    await t.deps.mailOutbox.enqueue({ to: 'crash@example.com', subject: 'Crash', text: 'x' }, { kind: 'test' });
    // The first instance claims the mail and is killed before it sends or marks anything.
    const claimed = await crashed.claim();
    expect(claimed.map((row) => row.toAddress)).toEqual(['crash@example.com']);

    // While the lease holds, nobody else sends it.
    await other.drain();
    expect(survivor.outbox).toHaveLength(0);

    t.advanceTime(MAIL_LEASE_MS + 1000);
    await other.drain();
    await other.drain();
    expect(survivor.outbox.map((mail) => mail.to)).toEqual(['crash@example.com']);
    const row = await rowFor('crash@example.com');
    expect(row?.sentAt).not.toBeNull();
    expect(survivor.outbox[0]?.messageId).toBe(outboxMessageId(row?.id ?? '', t.config.appUrl));
  });

  it('keeps a sign-up’s verification mail in the database before answering, so a crash right after loses nothing', async () => {
    const email = 'crash-after-sign-up@example.com';
    const response = await postJson(t, '/api/auth/sign-up/email', { email, name: 'Early Bird', password: 'Sign-up-Pass-1' });
    expect(response.status).toBe(200);
    // Nothing was sent yet (no worker ran), but the mail is stored: another instance would send it.
    const row = await rowFor(email);
    expect(row).toMatchObject({ kind: 'verification', subject: 'Verify your email for Keel', sentAt: null });
    expect(row?.textBody).toContain('/api/auth/verify-email?token=');
    const survivor = recordingMailer();
    await anotherWorker(survivor).drain();
    expect(survivor.outbox.map((mail) => [mail.to, mail.subject])).toEqual([[email, 'Verify your email for Keel']]);
  });

  it('delivers at once when woken by an enqueue in the same process, and stops cleanly', async () => {
    const mailer = recordingMailer();
    const worker = createMailOutbox({
      db: t.deps.db,
      mailer: () => mailer,
      logger: createLogger('silent'),
      now: () => t.deps.now(),
      appUrl: t.config.appUrl,
      // A poll far slower than the test: only the wake-up can deliver in time.
      pollMs: 60_000,
    });
    worker.start();
    try {
      await worker.drain();
      const started = performance.now();
      await worker.enqueue({ to: 'prompt@example.com', subject: 'Prompt', text: 'x' }, { kind: 'test' });
      await vi.waitFor(() => expect(mailer.outbox.map((mail) => mail.to)).toContain('prompt@example.com'), { timeout: 2_000 });
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      await worker.stop();
    }
  });
});
