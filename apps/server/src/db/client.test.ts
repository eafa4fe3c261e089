import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../test-support/test-database.js';
import { collectGarbage, MIGRATION_LOCK, openDatabase, type DatabaseHandle } from './client.js';

const journal = JSON.parse(readFileSync(fileURLToPath(new URL('../../drizzle/meta/_journal.json', import.meta.url)), 'utf8')) as {
  entries: unknown[];
};

async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  const result = await handle.db.execute<{ count: number }>(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
  return result.rows[0]?.count ?? -1;
}

const databaseUrl = process.env.TEST_DATABASE_URL;

// Several instances on one database is a PostgreSQL deployment; this runs in the
// PostgreSQL pass of `npm test` (TEST_DATABASE_URL). PGlite is one process per
// directory, so its pass checks the restart case instead.
if (databaseUrl) {
  describe('PostgreSQL: several servers starting on one empty database at once', () => {
    const drops: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const drop of drops) await drop();
    });

    it('all start, and every migration is applied exactly once', async () => {
      const fresh = await createTestDatabaseUrl();
      drops.push(fresh.drop);
      const handles = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: 'memory://' })),
      );
      try {
        for (const handle of handles) expect(await appliedMigrations(handle)).toBe(journal.entries.length);
        const tables = await handles[0]?.db.execute<{ name: string }>(
          sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
        );
        expect(tables?.rows.map((row) => row.name)).toContain('security_audit_log');
      } finally {
        await Promise.all(handles.map((handle) => handle.close()));
      }
    }, 60_000);

    it('waits for an instance that is still migrating, and frees the lock when done', async () => {
      const fresh = await createTestDatabaseUrl();
      drops.push(fresh.drop);
      const holder = new pg.Client({ connectionString: fresh.databaseUrl });
      await holder.connect();
      await holder.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
      let opened = false;
      const opening = openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: 'memory://' }).then((handle) => {
        opened = true;
        return handle;
      });
      // Wait (polling, at most ~10 s) until the new instance is queued on the lock: a lock request not granted.
      let queued = false;
      for (let tries = 0; tries < 1000 && !queued; tries++) {
        const waiting = await holder.query(
          "select count(*)::int as count from pg_locks where locktype = 'advisory' and not granted",
        );
        queued = waiting.rows[0]?.count === 1;
        if (!queued) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(queued).toBe(true);
      expect(opened).toBe(false);
      const tablesWhileHeld = await holder.query(
        "select count(*)::int as count from information_schema.tables where table_schema = 'public'",
      );
      expect(tablesWhileHeld.rows[0]).toEqual({ count: 0 });
      await holder.query('select pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]);
      const handle = await opening;
      try {
        expect(await appliedMigrations(handle)).toBe(journal.entries.length);
        const free = await holder.query('select pg_try_advisory_lock(hashtext($1)) as free', [MIGRATION_LOCK]);
        expect(free.rows[0]).toEqual({ free: true });
      } finally {
        await holder.end();
        await handle.close();
      }
    }, 60_000);

    it('commits rate-limit counters without waiting for the disk, and everything else durably (decision 009)', async () => {
      const fresh = await createTestDatabaseUrl();
      drops.push(fresh.drop);
      const handle = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: 'memory://' });
      try {
        const setting = async (db: DatabaseHandle['db']) =>
          (await db.execute<{ value: string }>(sql`select current_setting('synchronous_commit') as value`)).rows[0]?.value;
        expect(await setting(handle.counters)).toBe('off');
        expect(await setting(handle.db)).toBe('on');
      } finally {
        await handle.close();
      }
    }, 60_000);

    it('prepares the queries of both pools once per connection (named statements)', async () => {
      const fresh = await createTestDatabaseUrl();
      drops.push(fresh.drop);
      const handle = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: 'memory://' });
      try {
        // One at a time, so each pool hands out the connection it used last (node-postgres reuses the latest idle one).
        const preparedOn = async (db: DatabaseHandle['db']) =>
          (await db.execute<{ statement: string }>(sql`select statement from pg_prepared_statements`)).rows.map(
            (row) => row.statement,
          );
        for (const db of [handle.db, handle.counters]) {
          for (let run = 0; run < 3; run++) {
            const { rows } = await db.execute<{ n: number }>(sql`select ${run}::int + 1 as n`);
            expect(rows).toEqual([{ n: run + 1 }]);
          }
          // Once, though it ran three times (the main pool also holds the migration lock's statements).
          expect((await preparedOn(db)).filter((text) => text === 'select $1::int + 1 as n')).toHaveLength(1);
        }
      } finally {
        await handle.close();
      }
    }, 60_000);
  });
} else {
  describe('PGlite: restarting on an existing data directory', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'keel-db-'));
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('applies every migration once and finds them applied on the next start', async () => {
      const first = await openDatabase({ dataDir });
      expect(await appliedMigrations(first)).toBe(journal.entries.length);
      await first.close();
      const second = await openDatabase({ dataDir });
      try {
        expect(await appliedMigrations(second)).toBe(journal.entries.length);
      } finally {
        await second.close();
      }
    }, 60_000);
  });

  describe('PGlite: a new database', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'keel-db-'));
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('leaves none of the buffers it was made with resident', async () => {
      // Without the collections after creating it, ~225 MB of them stayed until the heap next filled.
      await collectGarbage();
      const before = process.memoryUsage().arrayBuffers;
      const handle = await openDatabase({ dataDir });
      try {
        expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024 * 1024);
      } finally {
        await handle.close();
      }
    }, 60_000);
  });
}
