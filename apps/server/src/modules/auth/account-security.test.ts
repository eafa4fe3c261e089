import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_SECURITY_MESSAGES } from '@keel/core/auth-messages';
import { securityAuditLog } from '../../db/schema.js';
import { createSoftwareAuthenticator } from '../../test-support/software-authenticator.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createSignedInUser, TEST_PASSWORD } from '../../test-support/auth.js';
import { fromSocket } from '../../test-support/auth-requests.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The browser's cookies for one visitor: what each answer sets (or clears) is sent with the next request. */
class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly ip = '203.0.113.7',
    cookie = '',
  ) {
    for (const pair of cookie.split('; ').filter(Boolean)) {
      const [name, ...value] = pair.split('=');
      if (name) this.cookies.set(name, value.join('='));
    }
  }

  async request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { origin: t.config.appUrl, cookie: this.cookieHeader() };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await t.app.request(
      `/api/auth${path}`,
      { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) },
      fromSocket(this.ip),
    );
    for (const entry of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = entry.split(';');
      const [name = '', ...value] = pair.split('=');
      const cleared = value.join('') === '' || attributes.some((attribute) => /max-age=0$/i.test(attribute.trim()));
      if (cleared) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
    return response;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async signedInEmail(): Promise<string | null> {
    const answer = (await (await this.request('GET', '/get-session')).json()) as { user: { email: string } } | null;
    return answer?.user.email ?? null;
  }
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

async function auditRows(userId: string, action: string) {
  return t.deps.db
    .select()
    .from(securityAuditLog)
    .where(and(eq(securityAuditLog.userId, userId), eq(securityAuditLog.action, action)));
}

/** The code an authenticator app shows now, from the otpauth:// address's base32 secret. */
function codeNow(totpURI: string): Promise<string> {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return createOTP(base32.decode(secret)).totp();
}

function wrongCodeFor(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

async function accountWithTwoStep() {
  const account = await createSignedInUser(t);
  const browser = new Browser('203.0.113.7', account.cookie);
  const enabled = await browser.request('POST', '/two-factor/enable', { password: TEST_PASSWORD });
  expect(enabled.status).toBe(200);
  const setup = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const confirmed = await browser.request('POST', '/two-factor/verify-totp', { code: await codeNow(setup.totpURI) });
  expect(confirmed.status).toBe(200);
  return { account, browser, ...setup };
}

async function passwordSignIn(browser: Browser, email: string) {
  return browser.request('POST', '/sign-in/email', { email, password: TEST_PASSWORD });
}

describe('two-step sign-in (authenticator app)', () => {
  beforeEach(() => {
    // A fixed clock: the codes computed here and the server's check see the same 30-second step.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T12:00:05Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('turns on with the password and a first code, gives 10 backup codes, and is off until confirmed', async () => {
    const account = await createSignedInUser(t);
    const browser = new Browser('203.0.113.7', account.cookie);
    expect(await (await browser.request('GET', '/two-factor/status')).json()).toEqual({ enabled: false });

    const wrongPassword = await browser.request('POST', '/two-factor/enable', { password: 'Not-The-Password-1' });
    expect(wrongPassword.status).toBe(400);
    expect((await errorOf(wrongPassword)).message).toBe(ACCOUNT_SECURITY_MESSAGES.wrongPassword);

    const enabled = await browser.request('POST', '/two-factor/enable', { password: TEST_PASSWORD });
    const setup = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    expect(setup.totpURI).toMatch(/^otpauth:\/\/totp\/Keel:/);
    expect(setup.backupCodes).toHaveLength(10);
    expect(new Set(setup.backupCodes).size).toBe(10);
    // Not confirmed yet: a password sign-in still signs straight in.
    const before = await passwordSignIn(new Browser(), account.user.email);
    expect(await before.json()).toMatchObject({ user: { email: account.user.email } });

    const wrong = await browser.request('POST', '/two-factor/verify-totp', { code: wrongCodeFor(await codeNow(setup.totpURI)) });
    expect(wrong.status).toBe(401);
    expect((await errorOf(wrong)).message).toBe(ACCOUNT_SECURITY_MESSAGES.wrongCode);
    const confirmed = await browser.request('POST', '/two-factor/verify-totp', { code: await codeNow(setup.totpURI) });
    expect(confirmed.status).toBe(200);
    expect(await browser.signedInEmail()).toBe(account.user.email);
    expect(await (await browser.request('GET', '/two-factor/status')).json()).toEqual({ enabled: true });
    expect((await auditRows(account.user.id, 'TWO_STEP_ENABLED')).map((row) => row.success).sort()).toEqual([false, true]);
  });

  it('asks every password sign-in for a code, and only a right code signs in', async () => {
    const { account, totpURI } = await accountWithTwoStep();
    const browser = new Browser('198.51.100.20');
    const first = await passwordSignIn(browser, account.user.email);
    expect(await first.json()).toEqual({ twoStepRequired: true });
    expect(await browser.signedInEmail()).toBeNull();

    const wrong = await browser.request('POST', '/two-factor/verify-totp', { code: wrongCodeFor(await codeNow(totpURI)) });
    expect(wrong.status).toBe(401);
    expect(await browser.signedInEmail()).toBeNull();
    const right = await browser.request('POST', '/two-factor/verify-totp', { code: await codeNow(totpURI) });
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ user: expect.objectContaining({ email: account.user.email }) });
    expect(await browser.signedInEmail()).toBe(account.user.email);

    const signIns = await auditRows(account.user.id, 'SIGN_IN');
    expect(
      signIns
        .filter((row) => row.metadata.method === 'totp')
        .map((row) => row.success)
        .sort(),
    ).toEqual([false, true]);
    expect(await auditRows(account.user.id, 'SIGN_IN_TWO_STEP_REQUIRED')).toHaveLength(1);
  });

  it('limits wrong codes per account across sign-ins and IPs, in the shared database', async () => {
    const { account, totpURI } = await accountWithTwoStep();
    const limit = t.config.limits.twoStep.max;
    for (let attempt = 0; attempt < limit; attempt += 1) {
      // A fresh sign-in from a fresh IP each time: neither Better Auth's per-challenge count nor the IP limit applies.
      const browser = new Browser(`192.0.2.${attempt + 1}`);
      await passwordSignIn(browser, account.user.email);
      const wrong = await browser.request('POST', '/two-factor/verify-totp', { code: wrongCodeFor(await codeNow(totpURI)) });
      expect(wrong.status).toBe(401);
    }
    const browser = new Browser('192.0.2.200');
    await passwordSignIn(browser, account.user.email);
    const limited = await browser.request('POST', '/two-factor/verify-totp', { code: await codeNow(totpURI) });
    expect(limited.status).toBe(429);
    expect((await errorOf(limited)).message).toBe(ACCOUNT_SECURITY_MESSAGES.twoStepRateLimited);
    expect(await browser.signedInEmail()).toBeNull();
    const denials = await t.deps.db.select().from(securityAuditLog).where(eq(securityAuditLog.action, 'RATE_LIMIT_EXCEEDED'));
    expect(denials.some((row) => row.metadata.userId === account.user.id && row.metadata.scope === 'account')).toBe(true);
  });

  it('limits codes per IP whichever accounts they are for', async () => {
    const shared = '198.51.100.99';
    const limit = t.config.limits.twoStepPerIp.max;
    const ipKey = `auth:two-step:ip:${shared}`;
    // Spend the IP's budget directly: as many accounts as the limit would take too long to set up.
    for (let hit = 0; hit < limit; hit += 1) await t.deps.limiter.hit(ipKey, t.config.limits.twoStepPerIp);
    const { account, totpURI } = await accountWithTwoStep();
    const browser = new Browser(shared);
    await passwordSignIn(browser, account.user.email);
    const limited = await browser.request('POST', '/two-factor/verify-totp', { code: await codeNow(totpURI) });
    expect(limited.status).toBe(429);
    await t.deps.limiter.reset(ipKey);
  });

  it('accepts each backup code once', async () => {
    const { account, backupCodes } = await accountWithTwoStep();
    const code = backupCodes[0] ?? '';
    const first = new Browser('198.51.100.30');
    await passwordSignIn(first, account.user.email);
    const used = await first.request('POST', '/two-factor/verify-backup-code', { code });
    expect(used.status).toBe(200);
    expect(await first.signedInEmail()).toBe(account.user.email);

    const second = new Browser('198.51.100.31');
    await passwordSignIn(second, account.user.email);
    const again = await second.request('POST', '/two-factor/verify-backup-code', { code });
    expect(again.status).toBe(401);
    expect((await errorOf(again)).message).toBe(ACCOUNT_SECURITY_MESSAGES.wrongBackupCode);
    expect(await second.signedInEmail()).toBeNull();
    const other = await second.request('POST', '/two-factor/verify-backup-code', { code: backupCodes[1] });
    expect(other.status).toBe(200);
    const signIns = await auditRows(account.user.id, 'SIGN_IN');
    expect(
      signIns
        .filter((row) => row.metadata.method === 'backup_code')
        .map((row) => row.success)
        .sort(),
    ).toEqual([false, true, true]);
  });

  it('renews the backup codes with the password: the old ones stop working', async () => {
    const { account, browser, backupCodes } = await accountWithTwoStep();
    const renewed = await browser.request('POST', '/two-factor/generate-backup-codes', { password: TEST_PASSWORD });
    const { backupCodes: fresh } = (await renewed.json()) as { backupCodes: string[] };
    expect(fresh).toHaveLength(10);
    const signIn = new Browser('198.51.100.40');
    await passwordSignIn(signIn, account.user.email);
    expect((await signIn.request('POST', '/two-factor/verify-backup-code', { code: backupCodes[0] })).status).toBe(401);
    expect((await signIn.request('POST', '/two-factor/verify-backup-code', { code: fresh[0] })).status).toBe(200);
  });

  it('turns off only with the password and a code', async () => {
    const { account, browser, totpURI } = await accountWithTwoStep();
    const code = await codeNow(totpURI);
    const noCode = await browser.request('POST', '/two-factor/disable', { password: TEST_PASSWORD });
    expect(noCode.status).toBe(400);
    expect((await errorOf(noCode)).message).toBe(ACCOUNT_SECURITY_MESSAGES.enterCode);
    const wrongPassword = await browser.request('POST', '/two-factor/disable', { password: 'Not-The-Password-1', code });
    expect(wrongPassword.status).toBe(401);
    expect((await errorOf(wrongPassword)).message).toBe(ACCOUNT_SECURITY_MESSAGES.wrongPassword);
    const wrongCode = await browser.request('POST', '/two-factor/disable', { password: TEST_PASSWORD, code: wrongCodeFor(code) });
    expect(wrongCode.status).toBe(401);
    expect((await errorOf(wrongCode)).message).toBe(ACCOUNT_SECURITY_MESSAGES.wrongCode);
    expect(await (await browser.request('GET', '/two-factor/status')).json()).toEqual({ enabled: true });

    const off = await browser.request('POST', '/two-factor/disable', { password: TEST_PASSWORD, code });
    expect(off.status).toBe(200);
    expect(await browser.signedInEmail()).toBe(account.user.email);
    expect(await (await browser.request('GET', '/two-factor/status')).json()).toEqual({ enabled: false });
    const signIn = await passwordSignIn(new Browser(), account.user.email);
    expect(await signIn.json()).toMatchObject({ user: { email: account.user.email } });
    expect((await auditRows(account.user.id, 'TWO_STEP_DISABLED')).map((row) => row.success).sort()).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('refuses malformed codes with a 400 and the form’s words', async () => {
    const browser = new Browser();
    const totp = await browser.request('POST', '/two-factor/verify-totp', { code: '12ab56' });
    expect(totp.status).toBe(400);
    expect((await errorOf(totp)).message).toBe(ACCOUNT_SECURITY_MESSAGES.enterCode);
    const backup = await browser.request('POST', '/two-factor/verify-backup-code', { code: 42 });
    expect(backup.status).toBe(400);
    expect((await errorOf(backup)).message).toBe(ACCOUNT_SECURITY_MESSAGES.enterBackupCode);
    const noSignIn = await browser.request('POST', '/two-factor/verify-totp', { code: '123456' });
    expect(noSignIn.status).toBe(401);
    expect((await errorOf(noSignIn)).message).toBe(ACCOUNT_SECURITY_MESSAGES.twoStepExpired);
  });

  it('closes the account only with the password and a current code when two-step sign-in is on', async () => {
    const { account, browser, totpURI } = await accountWithTwoStep();
    const close = (body: Record<string, string>) =>
      t.app.request(
        '/api/account/close',
        {
          method: 'POST',
          headers: { origin: t.config.appUrl, cookie: browser.cookieHeader(), 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
        fromSocket('203.0.113.7'),
      );
    const wrong = await close({ password: TEST_PASSWORD, code: wrongCodeFor(await codeNow(totpURI)) });
    expect(await wrong.json()).toMatchObject({ error: { code: 'REAUTHENTICATION_FAILED', details: { reason: 'WRONG_CODE' } } });
    expect(await browser.signedInEmail()).toBe(account.user.email);

    const closed = await close({ password: TEST_PASSWORD, code: await codeNow(totpURI) });
    expect(closed.status).toBe(200);
    expect(await passwordSignIn(new Browser(), account.user.email)).toHaveProperty('status', 401);
  });
});

describe('passkeys', () => {
  const site = { origin: 'http://localhost:3000', rpId: 'localhost' };

  async function addPasskey(browser: Browser, name: string) {
    const authenticator = createSoftwareAuthenticator(site);
    const optionsAnswer = await browser.request('POST', '/passkey/generate-register-options', { name });
    expect(optionsAnswer.status).toBe(200);
    const options = (await optionsAnswer.json()) as {
      challenge: string;
      user: { id: string; name: string };
      pubKeyCredParams: { alg: number }[];
      authenticatorSelection: { residentKey: string; userVerification: string };
    };
    const added = await browser.request('POST', '/passkey/verify-registration', {
      response: authenticator.register(options),
      name,
    });
    return { authenticator, options, added };
  }

  async function passkeySignIn(
    browser: Browser,
    authenticator: ReturnType<typeof createSoftwareAuthenticator>,
    userVerified = true,
  ) {
    const options = (await (await browser.request('GET', '/passkey/generate-authenticate-options')).json()) as {
      challenge: string;
      userVerification: string;
    };
    expect(options.userVerification).toBe('required');
    return browser.request('POST', '/passkey/verify-authentication', {
      response: authenticator.signIn(options.challenge, { userVerified }),
    });
  }

  it('adds named passkeys, lists them without their keys, and signs in with one instead of the password', async () => {
    const account = await createSignedInUser(t);
    const browser = new Browser('203.0.113.50', account.cookie);
    const { authenticator, options, added } = await addPasskey(browser, 'My phone');
    expect(options.user.name).toBe(account.user.email);
    expect(options.pubKeyCredParams.map((param) => param.alg)).toEqual([-7, -257]);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(added.status).toBe(200);
    await addPasskey(browser, 'Work laptop');

    const listed = (await (await browser.request('GET', '/passkey/list-user-passkeys')).json()) as {
      passkeys: Record<string, unknown>[];
    };
    expect(listed.passkeys.map((entry) => entry.name)).toEqual(['My phone', 'Work laptop']);
    expect(Object.keys(listed.passkeys[0] ?? {}).sort()).toEqual(['backedUp', 'createdAt', 'id', 'name']);

    const visitor = new Browser('203.0.113.51');
    const signedIn = await passkeySignIn(visitor, authenticator);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toEqual({ user: expect.objectContaining({ email: account.user.email }) });
    expect(await visitor.signedInEmail()).toBe(account.user.email);
    const rows = await auditRows(account.user.id, 'SIGN_IN');
    expect(rows.some((row) => row.success && row.metadata.method === 'passkey')).toBe(true);
    expect(await auditRows(account.user.id, 'PASSKEY_ADDED')).toHaveLength(2);
  });

  it('refuses a sign-in where the device did not verify the saver', async () => {
    const account = await createSignedInUser(t);
    const { authenticator } = await addPasskey(new Browser('203.0.113.60', account.cookie), 'Phone');
    const visitor = new Browser('203.0.113.61');
    const refused = await passkeySignIn(visitor, authenticator, false);
    expect(refused.status).toBe(401);
    expect((await errorOf(refused)).code).toBe('USER_VERIFICATION_REQUIRED');
    expect(await visitor.signedInEmail()).toBeNull();
  });

  it('skips the second step: a verified passkey is already two factors', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T12:00:05Z'));
    try {
      const { account, browser } = await accountWithTwoStep();
      const { authenticator } = await addPasskey(browser, 'Phone');
      const visitor = new Browser('203.0.113.70');
      expect((await passkeySignIn(visitor, authenticator)).status).toBe(200);
      expect(await visitor.signedInEmail()).toBe(account.user.email);
    } finally {
      vi.useRealTimers();
    }
  });

  it('removes a passkey: it can no longer sign in, and another account cannot remove it', async () => {
    const account = await createSignedInUser(t);
    const browser = new Browser('203.0.113.80', account.cookie);
    const { authenticator } = await addPasskey(browser, 'Old phone');
    const [listed] = (
      (await (await browser.request('GET', '/passkey/list-user-passkeys')).json()) as { passkeys: { id: string }[] }
    ).passkeys;
    const id = listed?.id ?? '';

    const stranger = await createSignedInUser(t);
    const refused = await new Browser('203.0.113.81', stranger.cookie).request('POST', '/passkey/delete-passkey', { id });
    expect(refused.status).toBe(404);

    const removed = await browser.request('POST', '/passkey/delete-passkey', { id });
    expect(removed.status).toBe(200);
    expect(await (await browser.request('GET', '/passkey/list-user-passkeys')).json()).toEqual({ passkeys: [] });
    const visitor = new Browser('203.0.113.82');
    const failed = await passkeySignIn(visitor, authenticator);
    expect(failed.status).toBe(401);
    expect((await errorOf(failed)).message).toBe(ACCOUNT_SECURITY_MESSAGES.passkeySignInFailed);
    expect(await visitor.signedInEmail()).toBeNull();
    expect(await auditRows(account.user.id, 'PASSKEY_REMOVED')).toHaveLength(1);
  });

  it('needs a session to add or list passkeys, a name for a new one, and answers bad input with a 400', async () => {
    const stranger = new Browser('203.0.113.90');
    expect((await stranger.request('POST', '/passkey/generate-register-options', { name: 'Phone' })).status).toBe(401);
    expect((await stranger.request('GET', '/passkey/list-user-passkeys')).status).toBe(401);
    const account = await createSignedInUser(t);
    const browser = new Browser('203.0.113.91', account.cookie);
    const unnamedStart = await browser.request('POST', '/passkey/generate-register-options', { name: '' });
    expect(unnamedStart.status).toBe(400);
    await browser.request('POST', '/passkey/generate-register-options', { name: 'Phone' });
    const unnamed = await browser.request('POST', '/passkey/verify-registration', { response: { id: 'abc' }, name: '  ' });
    expect(unnamed.status).toBe(400);
    expect((await errorOf(unnamed)).message).toBe(ACCOUNT_SECURITY_MESSAGES.enterPasskeyName);
    const garbage = await browser.request('POST', '/passkey/verify-registration', { response: { id: 'abc' }, name: 'Phone' });
    expect(garbage.status).toBe(400);
    const noResponse = await stranger.request('POST', '/passkey/verify-authentication', { response: 'nope' });
    expect(noResponse.status).toBe(400);
  });
});

describe('plugin endpoints Keel does not use stay closed', () => {
  it.each([
    ['POST', '/two-factor/get-totp-uri'],
    ['POST', '/two-factor/send-otp'],
    ['POST', '/two-factor/verify-otp'],
    ['POST', '/passkey/update-passkey'],
  ] as const)('%s %s answers 404', async (method, path) => {
    const account = await createSignedInUser(t);
    const response = await new Browser('203.0.113.99', account.cookie).request(method, path, { password: TEST_PASSWORD });
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe('UNKNOWN_ENDPOINT');
  });
});
