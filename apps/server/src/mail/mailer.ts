import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Logger } from '../lib/logger.js';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  replyTo?: string | undefined;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string> | undefined;
  /** Set by the outbox from its row id, so a mail sent again after a crash is recognisably the same mail. */
  messageId?: string | undefined;
};
export type OutboxEntry = MailMessage & { id: string; sentAt: string; links: string[] };

export type Mailer = {
  send: (message: MailMessage) => Promise<void>;
  /** Only the dev outbox keeps mail to read back; SMTP delivery keeps none. */
  outbox: OutboxEntry[] | null;
};

const LINK = /https?:\/\/[^\s"'<>]+/g;

export function createMailer(options: { smtpUrl: string | undefined; from: string; dataDir: string; logger: Logger }): Mailer {
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    // nodemailer (~0.4 MB of code) is loaded with the first mail, not at start-up, for a faster cold start;
    // createTransport only parses the URL, the connection was always made per send.
    let transport: Promise<Transporter> | undefined;
    const transportOnce = () =>
      (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)));
    return {
      outbox: null,
      async send(message) {
        await (await transportOnce()).sendMail({ from: options.from, ...message });
        // Recipient and subject only: bodies carry reset and verification links.
        options.logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  // Dev outbox: each mail is kept in memory and in DATA_DIR/outbox (owner-only
  // files), and logged by recipient and subject alone: links carry tokens.
  const outbox: OutboxEntry[] = [];
  const dir = path.join(options.dataDir, 'outbox');
  return {
    outbox,
    async send(message) {
      const entry: OutboxEntry = {
        ...message,
        id: `${Date.now()}-${outbox.length + 1}`,
        sentAt: new Date().toISOString(),
        links: message.text.match(LINK) ?? [],
      };
      outbox.push(entry);
      if (outbox.length > 200) outbox.shift();
      if (options.dataDir !== 'memory://') {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        writeFileSync(path.join(dir, `${entry.id}.json`), JSON.stringify(entry, null, 2), { mode: 0o600 });
      }
      options.logger.info({ to: entry.to, subject: entry.subject, outboxId: entry.id }, 'mail written to dev outbox');
    },
  };
}
