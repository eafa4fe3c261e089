import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { withAdvisoryLock } from './advisory-lock.js';
import * as schema from './schema.js';

export type Database = ReturnType<typeof drizzlePg<typeof schema>>;
/** The handle inside db.transaction(): the same query API, committed or rolled back as one. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Held while migrating, so several instances starting on one database apply each migration once. */
export const MIGRATION_LOCK = 'keel:migrations';

/**
 * Open PostgreSQL when a URL is given, else embedded PGlite in dataDir
 * ('memory://' for a throwaway database). Migrations run before it is returned;
 * on PostgreSQL under an advisory lock, since several instances may start at once.
 */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client that dies must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    try {
      await withAdvisoryLock(pool, MIGRATION_LOCK, () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }));
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, driver: 'postgres', close: () => pool.end() };
  }
  const location = options.dataDir === 'memory://' ? 'memory://' : path.join(options.dataDir, 'pglite');
  if (location !== 'memory://') mkdirSync(location, { recursive: true });
  // Small buffers keep the embedded server's memory near 200 MB instead of ~350 MB.
  const client = await PGlite.create(location, {
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'work_mem=4MB'],
  });
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR });
  // Both drivers share the query-builder API; the type difference is only in
  // the result metadata, which Keel never reads.
  const db = pgliteDb as unknown as Database;
  return { db, driver: 'pglite', close: () => client.close() };
}

export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
