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
import * as schema from './schema.js';

export type Database = ReturnType<typeof drizzlePg<typeof schema>>;

/** A lock held until released (or until its connection dies: then isHeld answers false). */
export type HeldLock = {
  isHeld: () => Promise<boolean>;
  release: () => Promise<void>;
};

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  /**
   * Work that must run once per deployment (the chain indexer) takes this lock.
   * PostgreSQL: a session advisory lock on a connection kept for it, so any
   * number of instances share one database and one of them holds it. PGlite is
   * one process: an in-process flag per handle.
   */
  tryLock: (key: bigint) => Promise<HeldLock | null>;
  close: () => Promise<void>;
};

const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Open PostgreSQL when a URL is given, else embedded PGlite in dataDir
 * ('memory://' for a throwaway database). Migrations run before it is returned.
 */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client that dies must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    return { db, driver: 'postgres', tryLock: (key) => tryAdvisoryLock(pool, key), close: () => pool.end() };
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
  return { db, driver: 'pglite', tryLock: createProcessLocks(), close: () => client.close() };
}

async function tryAdvisoryLock(pool: pg.Pool, key: bigint): Promise<HeldLock | null> {
  const client = await pool.connect();
  let alive = true;
  // The lock lives and dies with this session: a dropped connection frees it for another instance.
  const onError = () => {
    alive = false;
  };
  client.on('error', onError);
  try {
    const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [key.toString()]);
    if (result.rows[0]?.locked !== true) {
      client.off('error', onError);
      client.release();
      return null;
    }
  } catch (error) {
    client.off('error', onError);
    client.release(true);
    throw error;
  }
  let released = false;
  return {
    isHeld: async () => {
      if (!alive || released) return false;
      try {
        await client.query('select 1');
        return true;
      } catch {
        alive = false;
        return false;
      }
    },
    release: async () => {
      if (released) return;
      released = true;
      client.off('error', onError);
      if (!alive) {
        client.release(true);
        return;
      }
      try {
        await client.query('select pg_advisory_unlock($1::bigint)', [key.toString()]);
        client.release();
      } catch {
        client.release(true);
      }
    },
  };
}

/** One embedded database belongs to one process: a lock is a flag shared by the handle's users. */
function createProcessLocks(): DatabaseHandle['tryLock'] {
  const held = new Set<bigint>();
  return async (key) => {
    if (held.has(key)) return null;
    held.add(key);
    let released = false;
    return {
      isHeld: async () => !released,
      release: async () => {
        if (released) return;
        released = true;
        held.delete(key);
      },
    };
  };
}

export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
