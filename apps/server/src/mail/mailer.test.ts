import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
