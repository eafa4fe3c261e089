import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema.js';
import { MAIL_MAX_ATTEMPTS } from '../../mail/mail-outbox.js';
import { READINESS_TTL_MS } from './check-database.js';
import { createTestApp } from '../../test-support/test-app.js';

describe('GET /api/health', () => {
  it('answers from one database ping per second and reports an outage within that second', async () => {
    const t = await createTestApp();
    // A clock that moves only when told: closing a database can take more than a second of real time.
    let clock = Date.now();
    t.deps.now = () => clock;
    try {
      const first = await t.app.request('/api/health');
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ status: 'ok', database: 'up', mail: { pending: 0, failed: 0 } });

      // The database goes away: the answer of the last ping stands for at most a second…
      await closeQuietly(t);
      const cached = await t.app.request('/api/health');
      expect(cached.status).toBe(200);

      // …then the next check pings again and tells the load balancer.
      clock += READINESS_TTL_MS;
      const down = await t.app.request('/api/health');
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ status: 'degraded', database: 'down' });
    } finally {
      await closeQuietly(t);
    }
  });
});

describe('the mail backlog in GET /api/health', () => {
  it('counts mail waiting to go out and mail given up on, so an operator sees delivery trouble', async () => {
    const t = await createTestApp();
    let clock = Date.now();
    t.deps.now = () => clock;
    try {
      t.deps.mailer = { outbox: null, send: () => Promise.reject(new Error('SMTP connection refused')) };
      await t.deps.mailOutbox.enqueue({ to: 'a@example.com', subject: 'One', text: 'one' }, { kind: 'test' });
      await t.deps.mailOutbox.enqueue({ to: 'b@example.com', subject: 'Two', text: 'two' }, { kind: 'test' });
      await t.deps.mailOutbox.drain();
      const waiting = await t.app.request('/api/health');
      expect(waiting.status).toBe(200);
      expect(await waiting.json()).toMatchObject({ status: 'ok', mail: { pending: 2, failed: 0 } });

      // One mail keeps failing until its retries run out; the count moves after the next second.
      await t.deps.db
        .update(mailOutbox)
        .set({ attempts: MAIL_MAX_ATTEMPTS - 1 })
        .where(eq(mailOutbox.toAddress, 'a@example.com'));
      clock += 2 * 60 * 60_000;
      await t.deps.mailOutbox.drain();
      expect(await (await t.app.request('/api/health')).json()).toMatchObject({ mail: { pending: 1, failed: 1 } });
    } finally {
      await closeQuietly(t);
    }
  });
});

async function closeQuietly(t: { close: () => Promise<void> }) {
  try {
    await t.close();
  } catch {
    // already closed
  }
}
