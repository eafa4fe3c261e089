import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { createSignedInUser } from '../test-support/auth.js';
import { fromSocket, lastMailTo, postJson } from '../test-support/auth-requests.js';
import { redactPath } from '../lib/redact-path.js';

type LogLine = { msg: string; level: number; path?: string; ip?: string | null; peer?: string; [key: string]: unknown };

function parse(lines: string[]): LogLine[] {
  return lines.map((line) => JSON.parse(line) as LogLine);
}

function requestLines(lines: string[]) {
  return parse(lines).filter((line) => line.msg === 'request');
}

describe('client IP behind trusted proxies (TRUSTED_PROXIES, proxy-addr)', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logLines: lines, env: { TRUSTED_PROXIES: '10.0.0.0/8, fd00::/8' } });
  });
  afterAll(async () => {
    await t.close();
  });

  async function clientIpFor(socket: string, forwardedFor?: string): Promise<string | null | undefined> {
    lines.length = 0;
    await t.app.request('/api/health', { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} }, fromSocket(socket));
    return requestLines(lines).at(-1)?.ip;
  }

  it('believes X-Forwarded-For from an address inside a trusted CIDR range', async () => {
    expect(await clientIpFor('10.20.30.40', '198.51.100.7')).toBe('198.51.100.7');
  });

  it('matches IPv4-mapped IPv6 socket addresses against IPv4 ranges, and logs clients in IPv4 form', async () => {
    expect(await clientIpFor('::ffff:10.1.2.3', '198.51.100.8')).toBe('198.51.100.8');
    expect(await clientIpFor('::ffff:203.0.113.5')).toBe('203.0.113.5');
  });

  it('trusts IPv6 ranges too', async () => {
    expect(await clientIpFor('fd12::1', '2001:db8::42')).toBe('2001:db8::42');
  });

  it('walks a chain of trusted proxies and stops at the first untrusted hop', async () => {
    // The client may prepend anything; only what trusted proxies appended counts.
    expect(await clientIpFor('10.0.0.1', '6.6.6.6, 198.51.100.9, 10.0.0.2')).toBe('198.51.100.9');
  });

  it('ignores X-Forwarded-For from an untrusted peer', async () => {
    expect(await clientIpFor('203.0.113.10', '198.51.100.1')).toBe('203.0.113.10');
  });

  it('never takes a malformed forwarded entry as the client', async () => {
    expect(await clientIpFor('10.0.0.1', 'not-an-ip')).toBe('10.0.0.1');
  });
});

describe('X-Forwarded-For from an untrusted peer', () => {
  it('logs one warning, once per process, naming the peer', async () => {
    const lines: string[] = [];
    const t = await createTestApp({ logLines: lines });
    try {
      await t.app.request('/api/health', { headers: { 'x-forwarded-for': '198.51.100.1' } }, fromSocket('203.0.113.20'));
      await t.app.request('/api/health', { headers: { 'x-forwarded-for': '198.51.100.2' } }, fromSocket('203.0.113.21'));
      await t.app.request('/api/health', {}, fromSocket('203.0.113.22'));
      const warnings = parse(lines).filter((line) => line.level === 40 && line.msg.includes('TRUSTED_PROXIES'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.peer).toBe('203.0.113.20');
      expect(requestLines(lines).map((line) => line.ip)).toEqual(['203.0.113.20', '203.0.113.21', '203.0.113.22']);
    } finally {
      await t.close();
    }
  });
});

describe('no token reaches a log line', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logLines: lines });
  });
  afterAll(async () => {
    await t.close();
  });

  it('redacts reset and verification tokens from request logs, and logs mail by recipient and subject only', async () => {
    const account = await createSignedInUser(t);
    await postJson(t, '/api/auth/request-password-reset', { email: account.user.email });
    const resetMail = await lastMailTo(t, account.user.email, /Reset your Keel password/);
    const resetLink = resetMail?.links.find((link) => link.includes('/reset-password/')) ?? '';
    const resetToken = new URL(resetLink).pathname.split('/').at(-1) ?? '';
    expect(resetToken.length).toBeGreaterThan(10);

    // Follow the link as a browser would, then land on the callback page with the token in the query.
    const followed = await t.app.request(resetLink);
    const callback = followed.headers.get('location') ?? '';
    await t.app.request(callback);
    await t.app.request(`/api/auth/reset-password/${resetToken}`);

    const email = `verify-${Date.now()}@keel.test`;
    await postJson(t, '/api/auth/sign-up/email', { name: 'Log Reader', email, password: 'Sup3r-Secret' });
    const verifyLink = (await lastMailTo(t, email, /Verify your email/))?.links[0] ?? '';
    const verifyToken = new URL(verifyLink).searchParams.get('token') ?? '';
    expect(verifyToken.length).toBeGreaterThan(10);
    await t.app.request(verifyLink);

    const everything = lines.join('\n');
    expect(everything).not.toContain(resetToken);
    expect(everything).not.toContain(verifyToken);
    expect(everything).not.toContain('callbackURL');

    const paths = requestLines(lines).map((line) => line.path);
    expect(paths).toContain('/api/auth/reset-password/[redacted]');
    expect(paths).toContain('/api/auth/verify-email');

    const mailLines = parse(lines).filter((line) => line.msg === 'mail written to dev outbox');
    expect(mailLines.length).toBeGreaterThanOrEqual(2);
    for (const line of mailLines) {
      expect(Object.keys(line).sort()).toEqual(['level', 'msg', 'outboxId', 'subject', 'time', 'to']);
    }
  });

  it('redacts long token-like path segments but keeps ordinary paths and 0x values', () => {
    expect(redactPath('/api/auth/reset-password/short')).toBe('/api/auth/reset-password/[redacted]');
    expect(redactPath('/auth/callback')).toBe('/auth/callback');
    expect(redactPath('/api/some/Qm9ndXNUb2tlbkJvZ3VzVG9rZW4/next')).toBe('/api/some/[redacted]/next');
    const vault = '/api/vaults/0x616a4e1db48e22028f6bbf20444cd3b8e3273738';
    expect(redactPath(vault)).toBe(vault);
    expect(redactPath('/assets/entry.client-Bx83kdY2.js')).toBe('/assets/entry.client-Bx83kdY2.js');
  });
});
