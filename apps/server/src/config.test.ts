import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, TEST_AUTH_SECRET } from './config.js';

const work = mkdtempSync(path.join(tmpdir(), 'keel-config-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let dirs = 0;
function freshDataDir(): string {
  return path.join(work, `data-${++dirs}`);
}

const GOOD_SECRET = 'k'.repeat(20) + 'Q9x-2p_Lm7vR4sT8wZ1yB3';

const PRODUCTION = {
  NODE_ENV: 'production',
  APP_URL: 'https://keel.example',
  SMTP_URL: 'smtp://mail.example:587',
  AUTH_SECRET: GOOD_SECRET,
};

function errorOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('loadConfig accepted the configuration');
}

describe('production start-up refuses unsafe settings', () => {
  it('accepts a safe production configuration', () => {
    const config = loadConfig({ ...PRODUCTION, DATA_DIR: freshDataDir() });
    expect(config.isProduction).toBe(true);
    expect(config.isHttps).toBe(true);
    expect(config.devOutbox).toBe(false);
  });

  it.each([
    [
      'APP_URL not https',
      { APP_URL: 'http://keel.example' },
      'APP_URL: must be an https:// URL in production (is http://keel.example)',
    ],
    ['APP_URL unset (the http://localhost default)', { APP_URL: '' }, 'APP_URL: must be an https:// URL in production'],
    ['no SMTP_URL', { SMTP_URL: '' }, 'SMTP_URL: required in production'],
    ['no AUTH_SECRET', { AUTH_SECRET: '' }, 'AUTH_SECRET: required when NODE_ENV=production'],
    ['a short AUTH_SECRET', { AUTH_SECRET: 'too-short' }, 'AUTH_SECRET: must be at least 32 characters'],
    ["the test suite's AUTH_SECRET", { AUTH_SECRET: TEST_AUTH_SECRET }, 'AUTH_SECRET: is a development secret'],
    ['the dev outbox', { DEV_OUTBOX: '1' }, 'DEV_OUTBOX: must not be set in production'],
  ])('refuses %s with one clear line naming the variable', (_case, change, message) => {
    const text = errorOf({ ...PRODUCTION, DATA_DIR: freshDataDir(), ...change });
    expect(text).toContain(message);
    expect(text.split('\n').filter((line) => line.startsWith('  '))).toHaveLength(1);
  });

  it('lists every problem at once, one line each', () => {
    const text = errorOf({ NODE_ENV: 'production', DATA_DIR: freshDataDir(), DEV_OUTBOX: '1' });
    const lines = text.split('\n').filter((line) => line.startsWith('  '));
    expect(lines.map((line) => line.trim().split(':')[0])).toEqual(['APP_URL', 'SMTP_URL', 'AUTH_SECRET', 'DEV_OUTBOX']);
  });

  it('refuses the development secret generated in DATA_DIR when it is reused as AUTH_SECRET', () => {
    const dataDir = freshDataDir();
    const dev = loadConfig({ DATA_DIR: dataDir });
    expect(errorOf({ ...PRODUCTION, DATA_DIR: dataDir, AUTH_SECRET: dev.authSecret })).toContain(
      'AUTH_SECRET: is a development secret',
    );
  });
});

describe('the generated dev secret', () => {
  it('is created once with mode 0600 and reused', () => {
    const dataDir = freshDataDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'auth-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first.authSecret);
  });

  it('tightens a world-readable secret file left by an older version', () => {
    const dataDir = freshDataDir();
    loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'auth-secret');
    chmodSync(file, 0o644);
    loadConfig({ DATA_DIR: dataDir });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it.each([
    ['empty', ''],
    ['short', 'abc123\n'],
  ])('refuses an %s secret file instead of signing sessions with it', (_case, content) => {
    const dataDir = freshDataDir();
    loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'auth-secret');
    writeFileSync(file, content);
    expect(errorOf({ DATA_DIR: dataDir })).toContain(`AUTH_SECRET: the generated secret in ${file} is empty or shorter than 32`);
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  it('is not created when AUTH_SECRET is set', () => {
    const dataDir = freshDataDir();
    expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: GOOD_SECRET }).authSecret).toBe(GOOD_SECRET);
    expect(existsSync(path.join(dataDir, 'auth-secret'))).toBe(false);
  });
});

describe('DEV_OUTBOX', () => {
  it('is off unless opted in', () => {
    expect(loadConfig({ DATA_DIR: freshDataDir() }).devOutbox).toBe(false);
    expect(loadConfig({ DATA_DIR: freshDataDir(), DEV_OUTBOX: '0' }).devOutbox).toBe(false);
  });

  it.each(['127.0.0.1', '127.0.0.2', '::1', 'localhost'])('is allowed on the loopback bind %s', (host) => {
    expect(loadConfig({ DATA_DIR: freshDataDir(), DEV_OUTBOX: '1', HOST: host }).devOutbox).toBe(true);
  });

  it.each(['0.0.0.0', '::', '192.168.1.10', 'keel.example'])('is refused on the non-loopback bind %s', (host) => {
    expect(errorOf({ DATA_DIR: freshDataDir(), DEV_OUTBOX: '1', HOST: host })).toContain(
      `DEV_OUTBOX: only allowed when HOST is a loopback address (127.0.0.1, ::1, localhost), not ${host}`,
    );
  });

  it('accepts only 0 or 1', () => {
    expect(errorOf({ DATA_DIR: freshDataDir(), DEV_OUTBOX: 'yes' })).toContain('DEV_OUTBOX');
  });
});

describe('TRUSTED_PROXIES', () => {
  it('takes addresses, CIDR ranges and named ranges', () => {
    const config = loadConfig({ DATA_DIR: freshDataDir(), TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.1 ,fd00::/8,loopback' });
    expect(config.trustedProxies).toEqual(['10.0.0.0/8', '192.168.1.1', 'fd00::/8', 'loopback']);
  });

  it('refuses what is not an address or range, naming the variable', () => {
    expect(errorOf({ DATA_DIR: freshDataDir(), TRUSTED_PROXIES: '10.0.0.0/33' })).toContain('TRUSTED_PROXIES: must be');
    expect(errorOf({ DATA_DIR: freshDataDir(), TRUSTED_PROXIES: 'proxy.internal' })).toContain('TRUSTED_PROXIES: must be');
  });
});

describe('the deposit-bonus campaign and the legal entity', () => {
  it('is off and names the placeholder entity when nothing is set', () => {
    const config = loadConfig({ DATA_DIR: freshDataDir() });
    expect(config.site).toEqual({ bonusStartsAt: null, bonusEndsAt: null, legalEntity: 'Keel (legal entity to be confirmed)' });
  });

  it('takes a window with zones and keeps it in UTC', () => {
    const config = loadConfig({
      DATA_DIR: freshDataDir(),
      BONUS_STARTS_AT: '2026-08-01T00:00:00+02:00',
      BONUS_ENDS_AT: '2026-09-01T00:00:00Z',
      LEGAL_ENTITY_NAME: 'Keel Labs Ltd.',
    });
    expect(config.site).toEqual({
      bonusStartsAt: '2026-07-31T22:00:00.000Z',
      bonusEndsAt: '2026-09-01T00:00:00.000Z',
      legalEntity: 'Keel Labs Ltd.',
    });
  });

  it('refuses half a window, an end before the start, a date without a zone and markup in the entity', () => {
    const dataDir = freshDataDir();
    expect(errorOf({ DATA_DIR: dataDir, BONUS_STARTS_AT: '2026-08-01T00:00:00Z' })).toContain('set both');
    expect(
      errorOf({ DATA_DIR: dataDir, BONUS_STARTS_AT: '2026-09-01T00:00:00Z', BONUS_ENDS_AT: '2026-08-01T00:00:00Z' }),
    ).toContain('BONUS_ENDS_AT: must be later than BONUS_STARTS_AT');
    expect(errorOf({ DATA_DIR: dataDir, BONUS_STARTS_AT: '2026-08-01', BONUS_ENDS_AT: '2026-09-01T00:00:00Z' })).toContain(
      'BONUS_STARTS_AT: must be an ISO 8601 date-time',
    );
    expect(errorOf({ DATA_DIR: dataDir, LEGAL_ENTITY_NAME: '<b>Keel</b>' })).toContain('LEGAL_ENTITY_NAME: must be');
  });
});

describe('vault curators', () => {
  it("names the default vaults' curators, none for another address until configured, and refuses markup", () => {
    expect(loadConfig({ DATA_DIR: freshDataDir() }).vaultCurators).toEqual({
      everydayCash: 'Gauntlet',
      smartSavings: 'Steakhouse Financial',
      growthReserve: 'Spark',
    });
    const other = loadConfig({
      DATA_DIR: freshDataDir(),
      VAULT_EVERYDAY_CASH_ADDRESS: '0x1111111111111111111111111111111111111111',
      VAULT_SMART_SAVINGS_CURATOR: 'Block Analitica',
    });
    expect(other.vaultCurators).toEqual({ everydayCash: null, smartSavings: 'Block Analitica', growthReserve: 'Spark' });
    expect(errorOf({ DATA_DIR: freshDataDir(), VAULT_GROWTH_RESERVE_CURATOR: '<b>x</b>' })).toContain(
      'VAULT_GROWTH_RESERVE_CURATOR: must be',
    );
  });
});

describe('the server entry point', () => {
  it('refuses to start with an unsafe setting: prints the message and exits 1 before opening anything', () => {
    const serverDir = fileURLToPath(new URL('..', import.meta.url));
    const dataDir = freshDataDir();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      HOST: '0.0.0.0',
      DEV_OUTBOX: '1',
    };
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/main.ts'], {
      cwd: serverDir,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('DEV_OUTBOX: only allowed when HOST is a loopback address');
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  }, 90_000);
});

describe('passkey savings accounts', () => {
  const BUNDLER = { BUNDLER_URL: 'https://bundler.example/base' };
  const SIGNING = {
    PAYMASTER_ADDRESS: '0x03627630C3BbE8ed5226C6f935b0f27bB39645bF',
    PAYMASTER_SIGNER_KEY: `0x${'ab'.repeat(32)}`,
  };

  it('are off unless a bundler and a paymaster are configured', () => {
    expect(loadConfig({ ...PRODUCTION, DATA_DIR: freshDataDir() }).passkeyAccounts).toBeNull();
  });

  it('run with a bundler and Keel’s own signing paymaster', () => {
    const config = loadConfig({ ...PRODUCTION, DATA_DIR: freshDataDir(), ...BUNDLER, ...SIGNING });
    expect(config.passkeyAccounts).toMatchObject({
      bundlerUrl: 'https://bundler.example/base',
      paymaster: { kind: 'signing', address: '0x03627630c3bbe8ed5226c6f935b0f27bb39645bf' },
      transfersPerDay: 3,
    });
  });

  it('run with a bundler and a provider’s paymaster, passing the provider its context', () => {
    const config = loadConfig({
      ...PRODUCTION,
      DATA_DIR: freshDataDir(),
      ...BUNDLER,
      PAYMASTER_URL: 'https://paymaster.example/v1',
      PAYMASTER_CONTEXT: '{"sponsorshipPolicyId":"sp_keel"}',
    });
    expect(config.passkeyAccounts?.paymaster).toEqual({
      kind: 'forwarding',
      url: 'https://paymaster.example/v1',
      context: { sponsorshipPolicyId: 'sp_keel' },
    });
  });

  it.each([
    ['a bundler without a paymaster', BUNDLER, 'passkey accounts need a paymaster as well as BUNDLER_URL'],
    ['a paymaster without a bundler', SIGNING, 'BUNDLER_URL: passkey accounts need a bundler'],
    [
      'a paymaster address without its key',
      { ...BUNDLER, PAYMASTER_ADDRESS: SIGNING.PAYMASTER_ADDRESS },
      'the signing mode needs both',
    ],
    [
      'both paymaster modes',
      { ...BUNDLER, ...SIGNING, PAYMASTER_URL: 'https://paymaster.example/v1' },
      'choose one paymaster mode',
    ],
    [
      'a context that is not a JSON object',
      { ...BUNDLER, PAYMASTER_URL: 'https://p.example', PAYMASTER_CONTEXT: '[1]' },
      'PAYMASTER_CONTEXT: must be a JSON object',
    ],
  ])('refuse to start in production half-configured: %s', (_case, change, message) => {
    expect(errorOf({ ...PRODUCTION, DATA_DIR: freshDataDir(), ...change })).toContain(message);
  });

  it('are simply off when half-configured outside production', () => {
    expect(loadConfig({ DATA_DIR: freshDataDir(), ...BUNDLER }).passkeyAccounts).toBeNull();
  });
});
