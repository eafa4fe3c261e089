import { z } from 'zod';
import { describe, isoTime, jsonResponse } from '../../lib/api-docs.js';
import type { OutboxEntry } from '../../mail/mailer.js';

const outboxEntrySchema: z.ZodType<OutboxEntry> = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  replyTo: z.string().optional(),
  sentAt: isoTime,
  links: z.array(z.string()).describe('Links found in the mail (verification, reset)'),
});

export const outboxDocs = describe({
  tag: 'Operations',
  summary: 'Development only: mail kept in the dev outbox',
  description:
    'Served only with DEV_OUTBOX=1 on a loopback HOST, never in production, and only while mail goes to the outbox (no SMTP_URL); otherwise 404. ?to= filters by recipient. Newest first.',
  responses: { 200: jsonResponse('The mails', z.object({ messages: z.array(outboxEntrySchema) })) },
  errors: { 404: 'UNKNOWN_ENDPOINT "No such API endpoint": the outbox is not enabled' },
});

export const fixtureAccountSchema = z.object({
  email: z.email(),
  name: z.string().min(1).max(100),
  password: z.string().min(8).max(128),
});

export const fixtureSessionDocs = describe({
  tag: 'Operations',
  summary: 'Browser tests only: a verified account, signed in',
  description:
    'Served only with TEST_FIXTURES=1, which the server accepts only under NODE_ENV=test on a loopback HOST; otherwise 404. Makes a verified account with this email, name and password and answers as a sign-in does, with the session cookie.',
  changesState: true,
  responses: { 200: jsonResponse('Signed in', z.object({ user: z.object({ email: z.string(), name: z.string() }) })) },
  errors: { 404: 'UNKNOWN_ENDPOINT "No such API endpoint": test fixtures are not enabled' },
});
