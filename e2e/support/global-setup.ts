import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabaseUrl } from '../../apps/server/src/test-support/test-database';
import { startSmtpSink } from './smtp-sink';
import { ANVIL_MISSING, startChain } from './chain';
import { seededDeposits } from './seed-deposits';
import { BONUS_CAMPAIGN, E2E_LEGAL_ENTITY } from './site-settings';

const ROOT = path.resolve(import.meta.dirname, '../..');

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy in time');
}

/** Stops the server with SIGTERM and waits for it to exit (SIGKILL if it has not within 10 s). */
async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts the real built server (npm run build first) with a real SMTP sink and
 * a local chain, on a fresh data directory. Returns the teardown. A setup that fails part-way stops
 * what it had started (the sink, the chain, the database) before it reports the failure.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  /** What has been started, last first in the teardown. */
  const started: (() => Promise<void>)[] = [];
  const teardown = async () => {
    const failures: unknown[] = [];
    for (const stop of started.reverse()) await stop().catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw new AggregateError(failures, 'e2e teardown: something did not stop cleanly');
  };
  try {
    await startEverything(started);
    return teardown;
  } catch (error) {
    await teardown().catch((cleanupError: unknown) => console.error(cleanupError));
    throw error;
  }
}

async function startEverything(started: (() => Promise<void>)[]): Promise<void> {
  const port = Number(process.env.E2E_PORT ?? 3100);
  const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2626);
  const work = mkdtempSync(path.join(tmpdir(), 'keel-e2e-'));
  const mailDir = path.join(work, 'mail');
  mkdirSync(mailDir, { recursive: true });
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_WORK_DIR = work;

  const sink = await startSmtpSink(mailDir, smtpPort);
  started.push(() => sink.close());
  const chain = ANVIL_MISSING ? { env: {}, stop: async () => undefined } : await startChain(work);
  started.push(() => chain.stop());
  if (ANVIL_MISSING && process.env.CI && process.platform === 'linux' && process.arch === 'x64') {
    // CI runs where the anvil package exists: a missing chain there is a broken install, not a reason to skip.
    throw new Error(`e2e: anvil must be present in CI on linux-x64: ${ANVIL_MISSING}`);
  }
  if (ANVIL_MISSING) {
    // Specs that need the chain skip themselves with this reason (see e2e/support/chain.ts).
    process.env.E2E_CHAIN_MISSING = ANVIL_MISSING;
    console.warn(`e2e: ${ANVIL_MISSING}`);
  }
  const baseUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    DATA_DIR: path.join(work, 'data'),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
    SUPPORT_EMAIL: 'support@keel.test',
    LOG_LEVEL: 'warn',
    // Accounts for the tests not about signing up: POST /api/dev/fixtures/session (support/accounts.ts).
    TEST_FIXTURES: '1',
    // Per-IP limits are raised because every test shares 127.0.0.1; the
    // per-email limits stay at their defaults (sign-in 5 per 15 minutes, sign-up and reset 3 per 30).
    LIMIT_SIGN_IN_IP_MAX: '100000',
    LIMIT_SIGN_UP_IP_MAX: '100000',
    LIMIT_RESET_IP_MAX: '100000',
    LIMIT_RESEND_IP_MAX: '100000',
    LIMIT_FORMS_IP_MAX: '100000',
    LIMIT_VAULT_DATA_MAX: '100000',
    // A past campaign: specs move the page's clock into it (or out of it) to see the banner come and go.
    BONUS_STARTS_AT: BONUS_CAMPAIGN.startsAt,
    BONUS_ENDS_AT: BONUS_CAMPAIGN.endsAt,
    LEGAL_ENTITY_NAME: E2E_LEGAL_ENTITY,
    ...chain.env,
  };
  // On a fresh database on the PostgreSQL server in E2E_DATABASE_URL, as in production (npm test passes the
  // machine's PostgreSQL); on the embedded PGlite in DATA_DIR without one (the demo's browser test runs there too).
  const database = await createTestDatabaseUrl(process.env.E2E_DATABASE_URL);
  started.push(() => database.drop());
  if (database.databaseUrl) env.DATABASE_URL = database.databaseUrl;
  else delete env.DATABASE_URL;
  for (const [key, value] of Object.entries(chain.env)) process.env[key] = value;

  // Manual deposits are recorded with the operator command before the server
  // starts: the embedded database allows one process per data directory.
  for (const deposit of seededDeposits()) {
    const args = [
      'apps/server/dist/deposits.js',
      'add',
      '--wallet',
      deposit.wallet,
      '--vault',
      deposit.vault,
      '--amount',
      deposit.amount,
      '--apy',
      deposit.apy,
      '--date',
      deposit.date,
    ];
    const result = spawnSync(process.execPath, args, { cwd: ROOT, env, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`seeding deposits failed: ${result.stderr || result.stdout}`);
  }
  process.env.E2E_SEEDED_DEPOSITS = '1';

  const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  started.push(() => stopServer(server));
  await waitForHealth(baseUrl, server, 60_000);
}
