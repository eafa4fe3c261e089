import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages, mailOutbox, newsletterSubscribers, waitlistSignups } from '../../db/schema.js';
import type { ErrorBody } from '../../lib/app-error.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { interceptStatements } from '../../test-support/intercept-statements.js';
import { createRateLimiter } from '../../lib/rate-limiter.js';
import { formLimitKey } from './forms.routes.js';

let t: TestApp;
beforeAll(async () => {
  // A low per-IP limit so the 429 path is reachable; keys are reset before each test.
  t = await createTestApp({ env: { LIMIT_FORMS_IP_MAX: '3', SUPPORT_EMAIL: 'support@keel.test' } });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  for (const form of ['waitlist', 'newsletter', 'contact'] as const) await t.deps.limiter.reset(formLimitKey(form, null));
});

function post(path: string, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return t.app.request(path, {
    method: 'POST',
    body: text,
    headers: { 'content-type': 'application/json', origin: t.config.appUrl },
  });
}

async function errorOf(response: Response) {
  return ((await response.json()) as ErrorBody).error;
}

const LISTS = [
  { path: '/api/waitlist', table: waitlistSignups, source: 'mobile_waitlist' },
  { path: '/api/newsletter', table: newsletterSubscribers, source: 'newsletter' },
] as const;

describe.each(LISTS)('POST $path', ({ path, table, source }) => {
  const prefix = path.slice(5);

  it('stores a new email trimmed and lower-cased with its source, then reports a duplicate as already subscribed', async () => {
    const first = await post(path, { email: `  Mixed.Case+${prefix}@Example.COM ` });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ status: 'subscribed' });

    const again = await post(path, { email: `mixed.case+${prefix}@example.com` });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: 'already_subscribed' });

    const rows = await t.deps.db
      .select()
      .from(table)
      .where(eq(table.email, `mixed.case+${prefix}@example.com`));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.source).toBe(source);
  });

  it('stores every one of many sign-ups sent at once, and one row for an email sent twice among them', async () => {
    await t.deps.limiter.reset(formLimitKey(prefix as 'waitlist' | 'newsletter', null));
    // Three requests: LIMIT_FORMS_IP_MAX is 3 here.
    const emails = [0, 1].map((n) => `burst${n}-${prefix}@example.com`);
    const answers = await Promise.all([...emails, emails[0] ?? ''].map((email) => post(path, { email })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201, 201]);
    for (const email of emails) {
      expect(await t.deps.db.select().from(table).where(eq(table.email, email))).toHaveLength(1);
    }
    await t.deps.limiter.reset(formLimitKey(prefix as 'waitlist' | 'newsletter', null));
  });

  it('answers every sign-up of a limiter batch that failed with the same JSON error and stores none of them', async () => {
    const limiter = t.deps.limiter;
    // The counters' statement fails (a database that went away): the whole batch of hits is refused.
    const broken = interceptStatements(t.deps.db, () => {
      throw new Error('connection terminated');
    });
    t.deps.limiter = createRateLimiter(broken, () => t.deps.now());
    try {
      const emails = [0, 1].map((n) => `limiter-down${n}-${prefix}@example.com`);
      const answers = await Promise.all(emails.map((email) => post(path, { email })));
      for (const answer of answers) {
        expect(answer.status).toBe(500);
        expect(await errorOf(answer)).toMatchObject({ code: 'INTERNAL', message: 'Something went wrong. Please try again.' });
      }
      for (const email of emails) expect(await t.deps.db.select().from(table).where(eq(table.email, email))).toHaveLength(0);
    } finally {
      t.deps.limiter = limiter;
    }
  });

  it('answers 400 with the form messages for a missing, empty or malformed email', async () => {
    const empty = await post(path, { email: '   ' });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).message).toBe('Email required');

    const missing = await post(path, {});
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).message).toBe('Email required');

    const invalid = await post(path, { email: 'not-an-email' });
    expect(invalid.status).toBe(400);
    expect((await errorOf(invalid)).message).toBe('Please enter a valid email address');
  });

  it('refuses script injection and unknown fields without storing anything', async () => {
    const before = (await t.deps.db.select().from(table)).length;
    const script = await post(path, { email: '<script>alert(1)</script>@x.io' });
    expect(script.status).toBe(400);
    expect((await errorOf(script)).message).toBe('Input contains potentially malicious content');
    const handler = await post(path, { email: 'a@b.co" onmouseover=alert(1)' });
    expect(handler.status).toBe(400);
    const extra = await post(path, { email: 'extra@example.com', source: 'admin' });
    expect(extra.status).toBe(400);
    expect((await t.deps.db.select().from(table)).length).toBe(before);
  });

  it('answers malformed JSON with 400 and an oversize body with 413', async () => {
    const malformed = await post(path, '{"email": ');
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).code).toMatch(/BAD_REQUEST|INVALID_JSON/);

    const tooLongEmail = await post(path, { email: `${'a'.repeat(250)}@example.com` });
    expect(tooLongEmail.status).toBe(400);
    expect((await errorOf(tooLongEmail)).message).toBe('Input exceeds maximum length of 254 characters');

    await t.deps.limiter.reset(formLimitKey(prefix as 'waitlist' | 'newsletter', null));
    const body = JSON.stringify({ email: `${'x'.repeat(100_000)}@example.com` });
    const oversize = await t.app.request(path, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'content-length': String(body.length), origin: t.config.appUrl },
    });
    expect(oversize.status).toBe(413);
  });

  it('limits each client IP to LIMIT_FORMS_IP_MAX requests per window with a 429', async () => {
    for (let i = 0; i < 3; i++) expect((await post(path, { email: `limit${i}-${prefix}@example.com` })).status).toBe(201);
    const limited = await post(path, { email: `limit-over-${prefix}@example.com` });
    expect(limited.status).toBe(429);
    const error = await errorOf(limited);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toMatch(/^Too many requests from your network\. Please try again in \d+ minutes?\.$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The window passes and the client may try again.
    t.advanceTime(t.config.limits.formsPerIp.windowMs + 1);
    expect((await post(path, { email: `limit-after-${prefix}@example.com` })).status).toBe(201);
  });
});

describe('POST /api/contact', () => {
  const valid = {
    name: 'Ada Lovelace',
    email: 'Ada@Example.com ',
    subject: 'Question about Smart Savings',
    message: 'How are rewards compounded?',
  };

  it('stores the message, mails it to SUPPORT_EMAIL with the sender as reply-to, and records delivery', async () => {
    const outbox = t.deps.mailer.outbox;
    expect(outbox).not.toBeNull();
    const sentBefore = outbox?.length ?? 0;
    const response = await post('/api/contact', valid);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ status: 'sent' });
    expect(await t.deps.mailOutbox.drain()).toBe(1);

    const mail = outbox?.at(-1);
    expect(outbox?.length).toBe(sentBefore + 1);
    expect(mail?.to).toBe('support@keel.test');
    expect(mail?.replyTo).toBe('ada@example.com');
    expect(mail?.subject).toBe('[Keel contact] Question about Smart Savings');
    expect(mail?.text).toContain('How are rewards compounded?');
    expect(mail?.text).toContain('Ada Lovelace');

    const rows = await t.deps.db.select().from(contactMessages).where(eq(contactMessages.email, 'ada@example.com'));
    expect(rows).toHaveLength(1);
    const [queued] = await t.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `contact-message:${rows[0]?.id}`));
    expect(queued?.sentAt).not.toBeNull();
    expect(rows[0]?.subject).toBe('Question about Smart Savings');
  });

  it('requires every field', async () => {
    for (const field of ['name', 'subject', 'message'] as const) {
      await t.deps.limiter.reset(formLimitKey('contact', null));
      const response = await post('/api/contact', { ...valid, [field]: '  ' });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toMatch(/is required$/);
    }
    await t.deps.limiter.reset(formLimitKey('contact', null));
    const noEmail = await post('/api/contact', { ...valid, email: '' });
    expect(noEmail.status).toBe(400);
    expect((await errorOf(noEmail)).message).toBe('Email required');
    await t.deps.limiter.reset(formLimitKey('contact', null));
    const tooLong = await post('/api/contact', { ...valid, message: 'x'.repeat(5001) });
    expect(tooLong.status).toBe(400);
  });

  it('keeps a script in the message as inert plain text and keeps header fields on one line', async () => {
    const response = await post('/api/contact', {
      ...valid,
      email: 'inject@example.com',
      subject: 'Hello\r\nBcc: victim@example.com',
      message: '<script>alert(1)</script>',
    });
    expect(response.status).toBe(201);
    await t.deps.mailOutbox.drain();
    const mail = t.deps.mailer.outbox?.at(-1);
    expect(mail?.subject).toBe('[Keel contact] Hello Bcc: victim@example.com');
    expect(mail?.html).toBeUndefined();
    expect(mail?.text).toContain('<script>alert(1)</script>');

    const scriptEmail = await post('/api/contact', { ...valid, email: 'javascript:alert(1)@x.io' });
    expect(scriptEmail.status).toBe(400);
  });

  it('accepts a message while the mail server is down and delivers it once it is back', async () => {
    const mailer = t.deps.mailer;
    t.deps.mailer = { outbox: null, send: () => Promise.reject(new Error('SMTP connection refused')) };
    try {
      const response = await post('/api/contact', { ...valid, email: 'bounce@example.com' });
      expect(response.status).toBe(201);
      await t.deps.mailOutbox.drain();
    } finally {
      t.deps.mailer = mailer;
    }
    const [row] = await t.deps.db.select().from(contactMessages).where(eq(contactMessages.email, 'bounce@example.com'));
    const key = `contact-message:${row?.id}`;
    const [waiting] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, key));
    expect(waiting).toMatchObject({ sentAt: null, attempts: 1, lastError: 'SMTP connection refused' });
    t.advanceTime(60_000);
    await t.deps.mailOutbox.drain();
    expect(t.deps.mailer.outbox?.at(-1)?.replyTo).toBe('bounce@example.com');
    const [sent] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, key));
    expect(sent?.sentAt).not.toBeNull();
  });

  it('limits contact messages per client IP', async () => {
    for (let i = 0; i < 3; i++) expect((await post('/api/contact', { ...valid, email: `c${i}@example.com` })).status).toBe(201);
    expect((await post('/api/contact', valid)).status).toBe(429);
  });
});
