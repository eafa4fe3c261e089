import type pg from 'pg';

/**
 * Runs work while holding a PostgreSQL session advisory lock named by a string,
 * on a connection of its own: other instances asking for the same name wait
 * until it is done. The lock ends with the session, so a crashed holder frees it.
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  } finally {
    client.release();
  }
}
