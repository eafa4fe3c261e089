import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPreparedQuery } from './pglite-statements.js';

let client: PGlite;
let query: PGlite['query'];

beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`
    create table saver (id serial primary key, email text unique not null, joined timestamptz not null, born date, balance numeric(20, 6), tags text[]);
    insert into saver (email, joined, born, balance, tags) values
      ('a@keel.test', '2026-11-27 07:00:00.123456+00', '1990-01-31', '1000.5', '{one,two}'),
      ('b@keel.test', '2026-11-27 08:00:00+00', null, null, null);`);
  query = createPreparedQuery(client, 3);
});
afterAll(async () => {
  await client.close();
});

/** PGlite's own answer and the prepared one for the same statement, in that order. */
async function both(text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) {
  return [await client.query(text, params, options), await query(text, params, options)] as const;
}

async function preparedCount() {
  const { rows } = await client.query<{ count: number }>('select count(*)::int as count from pg_prepared_statements');
  return rows[0]?.count;
}

describe('PGlite statements prepared once', () => {
  it('answers as PGlite does: rows, fields, row modes, per-query parsers, nulls and arrays', async () => {
    const select = 'select id, email, joined, born, balance, tags from saver where email = any($1::text[]) order by id';
    for (const options of [undefined, { rowMode: 'array' as const }, { parsers: { 1184: (value: string) => `at ${value}` } }]) {
      const [expected, actual] = await both(select, [['a@keel.test', 'b@keel.test']], options);
      expect(actual).toEqual(expected);
      expect(actual.rows).toHaveLength(2);
    }
    const [byNull, byNullPrepared] = await both('select count(*)::int as n from saver where born is not distinct from $1', [
      null,
    ]);
    expect(byNullPrepared).toEqual(byNull);
    expect(byNullPrepared.rows).toEqual([{ n: 1 }]);
  });

  it('answers writes as PGlite does: returning rows, affected rows, and none', async () => {
    const insert = 'insert into saver (email, joined) values ($1, $2), ($3, $2) returning email, joined';
    const joined = new Date('2026-11-27T09:00:00Z');
    const byPglite = await client.query(insert, ['c@keel.test', joined, 'd@keel.test']);
    const prepared = await query(insert, ['e@keel.test', joined, 'f@keel.test']);
    expect(prepared).toEqual({
      ...byPglite,
      rows: [
        { email: 'e@keel.test', joined },
        { email: 'f@keel.test', joined },
      ],
    });
    expect(prepared.affectedRows).toBe(2);
    const update = "update saver set balance = balance where email like '%@keel.test'";
    const updated = await query(update);
    expect(updated).toEqual(await client.query(update));
    expect(updated.affectedRows).toBe(6);
    expect(updated.rows).toEqual([]);
  });

  it('throws a database error as PGlite does, and the connection and the statement go on working', async () => {
    const insert = 'insert into saver (email, joined) values ($1, now())';
    await query(insert, ['g@keel.test']);
    const refused = await query(insert, ['g@keel.test']).catch((error: unknown) => error);
    const byPglite = await client.query(insert, ['g@keel.test']).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: '23505', query: insert, params: ['g@keel.test'] });
    expect((refused as Error).message).toBe((byPglite as Error).message);
    await query(insert, ['h@keel.test']);
    expect(
      (await query('select count(*)::int as n from saver where email in ($1, $2)', ['g@keel.test', 'h@keel.test'])).rows,
    ).toEqual([{ n: 2 }]);
    // A statement the engine cannot parse is refused and not kept.
    await expect(query('select nope from saver where id = $1', [1])).rejects.toMatchObject({ code: '42703' });
    expect((await query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('keeps at most its bound of statements, closing the least recently used, and re-prepares it when asked again', async () => {
    const texts = ['select $1::int + 1 as n', 'select $1::int + 2 as n', 'select $1::int + 3 as n', 'select $1::int + 4 as n'];
    for (const [index, text] of texts.entries()) expect((await query(text, [10])).rows).toEqual([{ n: 11 + index }]);
    expect(await preparedCount()).toBe(3);
    expect((await query(texts[0] ?? '', [20])).rows).toEqual([{ n: 21 }]);
    expect(await preparedCount()).toBe(3);
  });

  it('leaves other statements to PGlite, and answers overlapping queries each with its own rows', async () => {
    const before = await preparedCount();
    await query('create table note (id int primary key, body text)');
    await query('begin');
    await query('insert into note values ($1, $2)', [1, 'inside']);
    await query('commit');
    // DDL and transaction control were not prepared; the insert was.
    expect(await preparedCount()).toBeLessThanOrEqual(3);
    expect(before).toBeLessThanOrEqual(3);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => query<{ n: number }>('select $1::int * 2 as n', [index])),
    );
    expect(answers.map((answer) => answer.rows[0]?.n)).toEqual(Array.from({ length: 40 }, (_, index) => index * 2));
    expect((await query('select body from note where id = $1', [1])).rows).toEqual([{ body: 'inside' }]);
  });

  it('waits for a transaction to end, as PGlite does', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into note values (2, $1)', ['committed']);
      await held;
    });
    const read = query('select body from note where id = $1', [2]);
    release();
    await transaction;
    expect((await read).rows).toEqual([{ body: 'committed' }]);
  });
});
