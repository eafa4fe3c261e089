import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/test-app.js';

type Outbox = { messages: { to: string; subject: string; links: string[] }[] };

async function sendResetMail(t: Awaited<ReturnType<typeof createTestApp>>, to: string) {
  await t.deps.mailer.send({
    to,
    subject: 'Reset your Keel password',
    text: 'Use http://localhost:3000/api/auth/reset-password/abcdefgh',
  });
}

describe('GET /api/dev/outbox', () => {
  it('is not served without the DEV_OUTBOX opt-in, even with mail in the outbox', async () => {
    const t = await createTestApp();
    try {
      await sendResetMail(t, 'victim@example.com');
      expect(t.deps.mailer.outbox).toHaveLength(1);
      const response = await t.app.request('/api/dev/outbox');
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'UNKNOWN_ENDPOINT', message: 'No such API endpoint' } });
    } finally {
      await t.close();
    }
  });

  it('serves the outbox with DEV_OUTBOX=1 on a loopback bind', async () => {
    const t = await createTestApp({ env: { DEV_OUTBOX: '1', HOST: '127.0.0.1' } });
    try {
      await sendResetMail(t, 'dev@example.com');
      const response = await t.app.request('/api/dev/outbox?to=DEV@example.com');
      expect(response.status).toBe(200);
      const body = (await response.json()) as Outbox;
      expect(body.messages.map((mail) => [mail.to, mail.subject])).toEqual([['dev@example.com', 'Reset your Keel password']]);
      expect(body.messages[0]?.links).toEqual(['http://localhost:3000/api/auth/reset-password/abcdefgh']);
    } finally {
      await t.close();
    }
  });

  it('is not served when mail goes to SMTP, opt-in or not', async () => {
    const t = await createTestApp({ env: { DEV_OUTBOX: '1', SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      expect((await t.app.request('/api/dev/outbox')).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('cannot be opted into on a non-loopback bind: the app does not even start', async () => {
    await expect(createTestApp({ env: { DEV_OUTBOX: '1', HOST: '0.0.0.0' } })).rejects.toThrow(
      /DEV_OUTBOX: only allowed when HOST is a loopback address/,
    );
  });
});
