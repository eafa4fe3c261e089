import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSignedInUser, TEST_PASSWORD } from './test-support/auth.js';
import { DEV_KEYS } from './test-support/chain.js';
import { createTestDatabaseUrl } from './test-support/test-database.js';
import { createTestApp, type TestApp } from './test-support/test-app.js';
import { linkWallet } from './test-support/wallet-link.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const databaseUrl = process.env.TEST_DATABASE_URL;
const hasPgTools = ['pg_dump', 'pg_restore'].every((tool) => spawnSync(tool, ['--version']).status === 0);

/** What the signed-in user's dashboard shows of their own: the account and its linked wallet. */
async function dashboardOf(t: TestApp, cookie: string) {
  const headers = { cookie, origin: t.config.appUrl };
  const session = await t.app.request('/api/auth/get-session', { headers });
  const wallet = await t.app.request('/api/wallet', { headers });
  return {
    status: [session.status, wallet.status],
    email: ((await session.json()) as { user?: { email?: string } } | null)?.user?.email,
    wallet: ((await wallet.json()) as { wallet: { walletAddress: string } | null }).wallet?.walletAddress,
  };
}

async function signInStatus(t: TestApp, email: string): Promise<number> {
  const response = await t.app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t.config.appUrl },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  return response.status;
}

/** An account with a linked wallet, signed in, and its dashboard: the data a backup must bring back. */
async function seed(t: TestApp) {
  const { cookie, user } = await createSignedInUser(t);
  const wallet = await linkWallet(t, cookie, DEV_KEYS[0]);
  const dashboard = await dashboardOf(t, cookie);
  expect(dashboard).toEqual({ status: [200, 200], email: user.email, wallet });
  return { cookie, email: user.email, dashboard };
}

/** The restored server shows the same dashboard to the same session, and the password still signs in. */
async function expectRestored(restored: TestApp, seeded: Awaited<ReturnType<typeof seed>>) {
  expect(await dashboardOf(restored, seeded.cookie)).toEqual(seeded.dashboard);
  expect(await signInStatus(restored, seeded.email)).toBe(200);
}

// docs/operations.md "Backups" is what an operator follows; these run its steps.
if (databaseUrl && hasPgTools) {
  describe('PostgreSQL backup: pg_dump, then pg_restore into a fresh database', () => {
    it('serves the same user their dashboard from the restored database, signed in as before', async () => {
      const source = await createTestDatabaseUrl();
      cleanups.push(source.drop);
      const original = await createTestApp({ databaseUrl: source.databaseUrl });
      cleanups.push(original.close);
      const seeded = await seed(original);

      const dump = path.join(mkdtempSync(path.join(tmpdir(), 'keel-backup-')), 'keel.dump');
      cleanups.push(() => rmSync(path.dirname(dump), { recursive: true, force: true }));
      execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, `--dbname=${source.databaseUrl}`]);

      // A fresh, empty database: pg_restore brings back the tables, their rows and the migration journal.
      const target = await createTestDatabaseUrl();
      cleanups.push(target.drop);
      execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${target.databaseUrl}`, dump]);
      const restored = await createTestApp({ databaseUrl: target.databaseUrl });
      cleanups.push(restored.close);

      await expectRestored(restored, seeded);
    }, 120_000);
  });
} else {
  describe('PGlite backup: stop the server, copy DATA_DIR', () => {
    it('serves the same user their dashboard from the copy, signed in as before', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'keel-data-'));
      const copyDir = `${dataDir}-copy`;
      cleanups.push(() => {
        rmSync(dataDir, { recursive: true, force: true });
        rmSync(copyDir, { recursive: true, force: true });
      });
      const original = await createTestApp({ env: { DATA_DIR: dataDir } });
      const seeded = await seed(original);
      await original.close();

      cpSync(dataDir, copyDir, { recursive: true });
      rmSync(dataDir, { recursive: true, force: true });
      const restored = await createTestApp({ env: { DATA_DIR: copyDir } });
      cleanups.push(restored.close);

      await expectRestored(restored, seeded);
    }, 120_000);
  });
}
