import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { prebuiltStatement } from './prebuilt-statement.js';
import { rateLimits } from './schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The statement Keel's tests use here, for given values or placeholders. */
const upsert = (key: unknown, count: unknown, at: unknown) =>
  sql`insert into ${rateLimits} (key, count, window_started_at) values (${key}, ${count}, ${at})
    on conflict (key) do update set count = ${rateLimits}.count + excluded.count
    returning key, count, window_started_at`;

describe('a statement built once', () => {
  const statement = prebuiltStatement<{ key: string; count: number; window_started_at: string | number }>(
    upsert(sql.placeholder('key'), sql.placeholder('count'), sql.placeholder('at')),
  );

  it('sends the text and values Drizzle builds for the same values', () => {
    const built = new PgDialect().sqlToQuery(upsert('prebuilt:a', 2, 1_700_000_000_000));
    expect(statement.text).toBe(built.sql);
    expect(built.params).toEqual(['prebuilt:a', 2, 1_700_000_000_000]);
  });

  it('runs with each call its own values and answers the rows the database returned', async () => {
    const first = await statement.run(t.deps.db, { key: 'prebuilt:b', count: 2, at: 1_700_000_000_000 });
    const second = await statement.run(t.deps.db, { key: 'prebuilt:b', count: 3, at: 1_700_000_000_001 });
    const other = await statement.run(t.deps.db, { key: 'prebuilt:c', count: 1, at: 1_700_000_000_002 });
    expect(first.map((row) => [row.key, Number(row.count), Number(row.window_started_at)])).toEqual([
      ['prebuilt:b', 2, 1_700_000_000_000],
    ]);
    expect(second.map((row) => [row.key, Number(row.count)])).toEqual([['prebuilt:b', 5]]);
    expect(other.map((row) => [row.key, Number(row.count)])).toEqual([['prebuilt:c', 1]]);
  });

  it('refuses a run without a value for one of its placeholders, sending nothing', async () => {
    await expect(statement.run(t.deps.db, { key: 'prebuilt:d', count: 1 })).rejects.toThrow(/placeholder/i);
    const { rows } = await t.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${rateLimits} where key = 'prebuilt:d'`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('passes a failing statement’s database error to its caller', async () => {
    await expect(statement.run(t.deps.db, { key: 'prebuilt:\u0000', count: 1, at: 1 })).rejects.toThrow();
  });
});
