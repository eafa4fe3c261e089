import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

/** What both drivers' query(text, values) answer with (node-postgres' Pool and PGlite), as read here. */
type QueryClient = { query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }> };

/**
 * A statement Drizzle builds once: its text, and its parameters as placeholders
 * (sql.placeholder). Each run fills the placeholders and sends the text straight
 * to the database's own client (db.$client: node-postgres' pool or PGlite), the
 * same text and values Drizzle's db.execute would send.
 *
 * For the hot statements: the two every sign-up runs (the limiter's upsert, the
 * list insert), where building them again for each group with Drizzle's sql
 * template, and Drizzle's execute around the driver's call, cost ~85 µs of the one
 * JavaScript thread per PostgreSQL sign-up, ~17 % (docs/performance-log.md, "what a sign-up paid around its two
 * statements");
 * the session lookup and the linked-wallet list every signed-in request runs
 * (docs/performance-log.md, "the signed-in request, without Better Auth in its way"); the linked wallet and a
 * saver's deposits, which every signed-in
 * page and every dashboard visit ask for (docs/performance-log.md, "what a signed-in page asks for, and the embedded
 * database's round trips"). Not for use inside db.transaction(): it runs on the pool, outside
 * the transaction's connection.
 */
export type PrebuiltStatement<Row> = {
  /** The SQL text sent (placeholders as $1, $2, …). */
  text: string;
  run: (db: Database, values: Record<string, unknown>) => Promise<Row[]>;
};

const dialect = new PgDialect();

export function prebuiltStatement<Row>(query: SQL): PrebuiltStatement<Row> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return {
    text,
    async run(db, values) {
      // Both drivers' clients take (text, values) and answer { rows } (client.ts opens either).
      const client = db.$client as unknown as QueryClient;
      const { rows } = await client.query(text, fillPlaceholders(params, values));
      return rows as Row[];
    },
  };
}
