import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../test-support/test-database.js';
import { createStatementNames, nameStatementsOf, withStatementName } from './named-statements.js';

describe('statement names', () => {
  it('gives a text the same name every time and different texts different names', () => {
    const names = createStatementNames(10);
    const first = names.nameFor('select $1::int');
    expect(first).toMatch(/^keel_\d+$/);
    expect(names.nameFor('select $1::int')).toBe(first);
    expect(names.nameFor('select $1::text')).not.toBe(first);
    expect(names.size()).toBe(2);
  });

  it('names no new text once the bound is reached, and keeps naming the texts it has', () => {
    const names = createStatementNames(2);
    const a = names.nameFor('a $1');
    const b = names.nameFor('b $1');
    expect(names.nameFor('c $1')).toBeUndefined();
    expect(names.nameFor('a $1')).toBe(a);
    expect(names.nameFor('b $1')).toBe(b);
    expect(names.size()).toBe(2);
  });

  it('names config objects and strings with parameters, as a copy', () => {
    const names = createStatementNames(10);
    const config = { text: 'select * from t where id = $1', rowMode: 'array' };
    const named = withStatementName(config, [7], names);
    expect(named).toEqual({ ...config, name: names.nameFor(config.text) });
    expect(named).not.toBe(config);
    expect(config).not.toHaveProperty('name');
    expect(withStatementName({ text: 'select $1', values: [1] }, undefined, names)).toHaveProperty('name');
    expect(withStatementName('select $1::int', [1], names)).toEqual({
      text: 'select $1::int',
      name: names.nameFor('select $1::int'),
    });
  });

  it('leaves alone what has no parameters, a name of its own, or is a stream', () => {
    const names = createStatementNames(10);
    expect(withStatementName('begin', undefined, names)).toBe('begin');
    expect(withStatementName('select 1', [], names)).toBe('select 1');
    const noValues = { text: 'commit' };
    expect(withStatementName(noValues, undefined, names)).toBe(noValues);
    const own = { text: 'select $1', name: 'mine' };
    expect(withStatementName(own, [1], names)).toBe(own);
    const submittable = { text: 'select $1', submit: () => undefined };
    expect(withStatementName(submittable, [1], names)).toBe(submittable);
    expect(names.size()).toBe(0);
  });
});

const databaseUrl = process.env.TEST_DATABASE_URL;

// Against a real PostgreSQL (the PostgreSQL pass of `npm test`): what each connection really prepared.
if (databaseUrl) {
  describe('PostgreSQL: a pool that names its statements', () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    async function namingPool(maxStatements: number) {
      const fresh = await createTestDatabaseUrl();
      cleanups.push(fresh.drop);
      const pool = new pg.Pool({ connectionString: fresh.databaseUrl, max: 1 });
      cleanups.push(() => pool.end());
      const names = createStatementNames(maxStatements);
      nameStatementsOf(pool, names);
      return { pool, names };
    }

    const prepared = async (pool: pg.Pool) =>
      (await pool.query<{ statement: string }>('select statement from pg_prepared_statements order by statement')).rows.map(
        (row) => row.statement,
      );

    it('prepares a parameterised text once per connection and answers as before', async () => {
      const { pool } = await namingPool(10);
      await pool.query('create table items (id integer primary key, label text not null)');
      for (let id = 1; id <= 3; id++) {
        const inserted = await pool.query<{ id: number }>(
          { text: 'insert into items (id, label) values ($1, $2) returning id' },
          [id, `item ${id}`],
        );
        expect(inserted.rows).toEqual([{ id }]);
      }
      const found = await pool.query<{ label: string }>('select label from items where id = $1', [2]);
      expect(found.rows).toEqual([{ label: 'item 2' }]);
      expect(await prepared(pool)).toEqual([
        'insert into items (id, label) values ($1, $2) returning id',
        'select label from items where id = $1',
      ]);
    });

    it('runs texts past the bound unnamed, and a failing statement leaves the connection usable', async () => {
      const { pool, names } = await namingPool(1);
      expect((await pool.query<{ n: number }>('select $1::int as n', [1])).rows).toEqual([{ n: 1 }]);
      expect((await pool.query<{ n: number }>('select $1::int + 1 as n', [1])).rows).toEqual([{ n: 2 }]);
      expect(names.size()).toBe(1);
      expect(await prepared(pool)).toEqual(['select $1::int as n']);
      await expect(pool.query('select $1::int as n from no_such_table', [1])).rejects.toThrow(/no_such_table/);
      expect((await pool.query<{ n: number }>('select $1::int as n', [5])).rows).toEqual([{ n: 5 }]);
    });

    it('keeps named statements working inside a transaction that rolls back', async () => {
      const { pool } = await namingPool(10);
      await pool.query('create table notes (body text not null)');
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('insert into notes (body) values ($1)', ['kept?']);
        await client.query('rollback');
        await client.query('insert into notes (body) values ($1)', ['kept']);
      } finally {
        client.release();
      }
      expect((await pool.query<{ body: string }>('select body from notes where body like $1', ['kept%'])).rows).toEqual([
        { body: 'kept' },
      ]);
    });
  });
}
