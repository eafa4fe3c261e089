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

/** A lock held until released (or until its connection dies: then isHeld answers false). */
export type HeldLock = {
  isHeld: () => Promise<boolean>;
  release: () => Promise<void>;
};

/**
 * Takes the advisory lock named by a string if it is free, without waiting, on
 * a connection kept for it: work that must run on one instance at a time for as
 * long as that instance lives (the chain indexer). Answers null when another
 * session holds it. A dropped connection frees it for another instance.
 */
export async function tryHoldAdvisoryLock(pool: pg.Pool, name: string): Promise<HeldLock | null> {
  const client = await pool.connect();
  let alive = true;
  const onError = () => {
    alive = false;
  };
  client.on('error', onError);
  try {
    const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [name]);
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
        await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
        client.release();
      } catch {
        client.release(true);
      }
    },
  };
}

/** One embedded database belongs to one process: a lock is a name in a set shared by the handle's users. */
export function createProcessLocks(): (name: string) => Promise<HeldLock | null> {
  const held = new Set<string>();
  return async (name) => {
    if (held.has(name)) return null;
    held.add(name);
    let released = false;
    return {
      isHeld: async () => !released,
      release: async () => {
        if (released) return;
        released = true;
        held.delete(name);
      },
    };
  };
}
