import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A test database: its URL (none for PGlite in memory) and how to drop it. */
export type TestDatabase = { databaseUrl: string | undefined; drop: () => Promise<void> };

/**
 * A fresh database for one test file (or one browser-test run): PGlite in memory by default, or a new
 * PostgreSQL database on the server in `base`, TEST_DATABASE_URL unless given (dropped afterwards).
 */
export async function createTestDatabaseUrl(base = process.env.TEST_DATABASE_URL): Promise<TestDatabase> {
  if (!base) return { databaseUrl: undefined, drop: async () => undefined };
  const name = `keel_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
