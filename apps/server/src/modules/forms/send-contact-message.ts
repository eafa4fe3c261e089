import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { contactMessages } from '../../db/schema.js';
import type { Logger } from '../../lib/logger.js';
import type { Mailer } from '../../mail/mailer.js';

export type ContactMessage = { name: string; email: string; subject: string; message: string };

export type SendContactResult = { id: string; delivered: boolean };

/** Header values must stay on one line whatever the visitor typed. */
function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/**
 * Stores a contact-form message first (so nothing is lost if mail fails), then
 * mails it to the support inbox with the sender as reply-to, and records whether
 * delivery worked. The message is sent as plain text only, so nothing the
 * visitor typed is ever rendered as HTML.
 */
export async function sendContactMessage(
  deps: { db: Database; mailer: Mailer; logger: Logger; supportEmail: string },
  input: ContactMessage,
  meta: { ipAddress: string | null },
): Promise<SendContactResult> {
  const [row] = await deps.db
    .insert(contactMessages)
    .values({ ...input, ipAddress: meta.ipAddress, deliveryStatus: 'queued' })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('contact message insert returned no row');

  const text = [
    `New message from the Keel contact form (reference ${row.id}).`,
    '',
    `Name: ${oneLine(input.name)}`,
    `Email: ${input.email}`,
    `Subject: ${oneLine(input.subject)}`,
    '',
    input.message,
    '',
    'Reply to this email to answer the sender directly.',
  ].join('\n');

  try {
    await deps.mailer.send({
      to: deps.supportEmail,
      replyTo: input.email,
      subject: `[Keel contact] ${oneLine(input.subject)}`.slice(0, 250),
      text,
    });
    await deps.db.update(contactMessages).set({ deliveryStatus: 'sent' }).where(eq(contactMessages.id, row.id));
    return { id: row.id, delivered: true };
  } catch (error) {
    deps.logger.error({ err: error, contactMessageId: row.id }, 'contact message delivery failed');
    const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
    await deps.db
      .update(contactMessages)
      .set({ deliveryStatus: 'failed', deliveryError: reason })
      .where(eq(contactMessages.id, row.id));
    return { id: row.id, delivered: false };
  }
}
