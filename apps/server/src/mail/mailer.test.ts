import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.js';
import { createMailer } from './mailer.js';

describe('the dev outbox on disk', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'keel-outbox-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps each mail in an owner-only file and logs recipient and subject only', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const mailer = createMailer({ smtpUrl: undefined, from: 'Keel <no-reply@keel.local>', dataDir, logger });
    await mailer.send({
      to: 'a@example.com',
      subject: 'Verify your email for Keel',
      text: 'http://localhost/verify?token=secret-token',
    });
    const dir = path.join(dataDir, 'outbox');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const [file] = readdirSync(dir);
    expect(statSync(path.join(dir, file ?? '')).mode & 0o777).toBe(0o600);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('secret-token');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ to: 'a@example.com', subject: 'Verify your email for Keel' });
  });
});

describe('delivery over SMTP', () => {
  it('sends each mail through the SMTP server (nodemailer loads with the first one) and logs no body', async () => {
    const received: { to: string[]; raw: string }[] = [];
    const sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', () => resolve()));
    try {
      const address = sink.server.address();
      const port = address && typeof address === 'object' ? address.port : 0;
      const lines: string[] = [];
      const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Keel <no-reply@keel.local>',
        dataDir: 'memory://',
        logger,
      });
      expect(mailer.outbox).toBeNull();
      await mailer.send({
        to: 'a@example.com',
        subject: 'First',
        text: 'http://localhost/verify?token=first-token',
        messageId: '<row-1.outbox@localhost>',
        headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      await mailer.send({ to: 'b@example.com', subject: 'Second', text: 'second body' });
      expect(received.map((mail) => mail.to)).toEqual([['a@example.com'], ['b@example.com']]);
      expect(received[0]?.raw).toContain('Subject: First');
      expect(received[0]?.raw).toContain('From: Keel <no-reply@keel.local>');
      expect(received[0]?.raw).toContain('Message-ID: <row-1.outbox@localhost>');
      expect(received[0]?.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(lines.map((line) => JSON.parse(line) as { to: string; msg: string })).toMatchObject([
        { to: 'a@example.com', msg: 'mail sent' },
        { to: 'b@example.com', msg: 'mail sent' },
      ]);
      expect(lines.join('\n')).not.toContain('first-token');
    } finally {
      await new Promise<void>((resolve) => sink.close(() => resolve()));
    }
  });
});
