import type { Database } from '../../db/client.js';
import { contactMessages } from '../../db/schema.js';
import { enqueueMail, type MailOutbox } from '../../mail/mail-outbox.js';

export type ContactMessage = { name: string; email: string; subject: string; message: string };

export type SendContactResult = { id: string };

/** Header values must stay on one line whatever the visitor typed. */
function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/**
 * Stores a contact-form message and its mail to the support inbox (sender as
 * reply-to) in one transaction: the outbox worker delivers it, retrying while
 * the mail server is down, so an accepted message is never lost. The message is
 * sent as plain text only, so nothing the visitor typed is ever rendered as HTML.
 */
export async function sendContactMessage(
  deps: { db: Database; mailOutbox: Pick<MailOutbox, 'wake'>; now: () => number; supportEmail: string },
  input: ContactMessage,
  meta: { ipAddress: string | null },
): Promise<SendContactResult> {
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
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
    const mail = {
      to: deps.supportEmail,
      replyTo: input.email,
      subject: `[Keel contact] ${oneLine(input.subject)}`.slice(0, 250),
      text,
    };
    await enqueueMail(tx, mail, { kind: 'contact-message', dedupeKey: `contact-message:${row.id}` }, new Date(deps.now()));
    return row.id;
  });
  deps.mailOutbox.wake();
  return { id };
}
