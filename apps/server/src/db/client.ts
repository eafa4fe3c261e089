import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { PGlite, QueryOptions, Results, Transaction as PgliteTransaction } from '@electric-sql/pglite';
import { createProcessLocks, tryHoldAdvisoryLock, withAdvisoryLock, type HeldLock } from './advisory-lock.js';
import { createStatementNames, nameStatementsOf } from './named-statements.js';
import { SERVER_PACKAGE_DIR } from '../server-paths.js';
import * as schema from './schema.js';

export type Database = ReturnType<typeof drizzlePg<typeof schema>>;
/** The handle inside db.transaction(): the same query API, committed or rolled back as one. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  /**
   * For counters only (rate-limit windows): on PostgreSQL its commits do not wait
   * for the disk, so a hot counter row is locked for microseconds instead of a
   * flush. A database crash may forget its last fraction of a second of counts;
   * it is never used for data a user was told is saved. Same as db on PGlite.
   */
  counters: Database;
  driver: 'pglite' | 'postgres';
  /**
   * Work that must run once per deployment (the chain indexer) takes this lock
   * by name. PostgreSQL: a session advisory lock on a connection kept for it, so
   * any number of instances share one database and one of them holds it.
   * PGlite is one process: an in-process flag per handle.
   */
  tryLock: (name: string) => Promise<HeldLock | null>;
  /** Connections of each PostgreSQL pool (metrics); none on PGlite, which has no pool. */
  poolUse: () => PoolUse[];
  close: () => Promise<void>;
};

export type PoolUse = { pool: 'queries' | 'counters'; total: number; idle: number; waiting: number; max: number };

function useOf(name: PoolUse['pool'], pool: pg.Pool): PoolUse {
  return { pool: name, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
}

const MIGRATIONS_DIR = path.join(SERVER_PACKAGE_DIR, 'drizzle');

/** Distinct statement texts kept prepared on each PostgreSQL connection (named-statements.ts). */
const MAX_NAMED_STATEMENTS = 256;

/** WebAssembly compiled by the baseline compiler only (see openDatabase). */
const PGLITE_V8_FLAGS = ['--liftoff-only', '--no-wasm-tier-up', '--no-wasm-dynamic-tiering'];

/** Held while migrating, so several instances starting on one database apply each migration once. */
export const MIGRATION_LOCK = 'keel:migrations';

/**
 * A migrated in-memory database's files (dumpMigratedMemoryDatabase) that every later in-memory database
 * starts from, when set. Only test processes set it: they open hundreds of throwaway databases, and PGlite
 * runs its initdb for each new one (~2 s, ~10 s on a busy machine) where loading these files takes a
 * fraction of that. The files hold the schema only; each database made from them is a separate copy.
 */
let memoryTemplate: Blob | undefined;

export function useMemoryDatabaseTemplate(template: Blob | undefined): void {
  memoryTemplate = template;
}

/** The files of a new in-memory PGlite database with every migration applied (useMemoryDatabaseTemplate). */
export async function dumpMigratedMemoryDatabase(): Promise<Blob> {
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create('memory://');
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    const files = await client.dumpDataDir('none');
    return new Blob([await files.arrayBuffer()]);
  } finally {
    await client.close();
  }
}

/**
 * Open PostgreSQL when a URL is given, else embedded PGlite in dataDir
 * ('memory://' for a throwaway database). Migrations run before it is returned;
 * on PostgreSQL under an advisory lock, since several instances may start at once.
 */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const counterPool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 4,
      options: '-c synchronous_commit=off',
    });
    // An idle client that dies must not crash the process.
    pool.on('error', () => undefined);
    counterPool.on('error', () => undefined);
    // Parsed once per connection, not per query (named-statements.ts). Keel's own statements and Better
    // Auth's are a few dozen texts; the bound is for texts that vary with their input.
    const statementNames = createStatementNames(MAX_NAMED_STATEMENTS);
    nameStatementsOf(pool, statementNames);
    nameStatementsOf(counterPool, statementNames);
    const db = drizzlePg(pool, { schema });
    try {
      await withAdvisoryLock(pool, MIGRATION_LOCK, () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }));
    } catch (error) {
      await Promise.all([pool.end(), counterPool.end()]);
      throw error;
    }
    return {
      db,
      counters: drizzlePg(counterPool, { schema }),
      driver: 'postgres',
      tryLock: (name) => tryHoldAdvisoryLock(pool, name),
      poolUse: () => [useOf('queries', pool), useOf('counters', counterPool)],
      close: async () => {
        await Promise.all([pool.end(), counterPool.end()]);
      },
    };
  }
  // PGlite's engine is ~9 MB of WebAssembly. V8 compiles it with its baseline compiler (Liftoff) and then
  // recompiles hot functions with TurboFan, keeping both: ~40 MB more resident memory, and the recompiling
  // competes with the first requests for the CPU. Baseline code only: measured here, ~50 MB less RSS, a faster
  // start, queries ~20 % slower once warm (docs/performance-log.md, "start-up and memory"). Read when the module is
  // compiled (in
  // PGlite.create below), so it must be set before; it only concerns WebAssembly, which PGlite alone uses.
  // Node 24's V8 still takes --liftoff-only but tiers up anyway: PGlite under Node 24 was ~100 MB larger
  // until tier-up, dynamic and eager, was turned off as well (docs/performance-log.md, "statements parsed once, and
  // Node 24").
  for (const flag of PGLITE_V8_FLAGS) v8.setFlagsFromString(flag);
  // Loaded only when used: a PostgreSQL deployment never pays for the embedded engine.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }, { createPreparedQuery }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    import('./pglite-statements.js'),
  ]);
  const location = options.dataDir === 'memory://' ? 'memory://' : path.join(options.dataDir, 'pglite');
  const created = location === 'memory://' || !existsSync(path.join(location, 'PG_VERSION'));
  if (location !== 'memory://') mkdirSync(location, { recursive: true });
  // Small buffers keep the embedded server's memory near 200 MB instead of ~350 MB.
  const client = await PGlite.create(location, {
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'work_mem=4MB'],
    parsers: Object.fromEntries(DRIZZLE_RAW_TYPES.map((type) => [type, (value: string) => value])),
    ...(location === 'memory://' && memoryTemplate ? { loadDataDir: memoryTemplate } : {}),
  });
  const query = trimmedQuery({ query: createPreparedQuery(client, MAX_NAMED_STATEMENTS) });
  const pgliteDb = drizzlePglite(withoutPerQueryParsers(client, query), { schema });
  await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR });
  // Making a new database leaves ~350 MB of PGlite's buffers unreachable. A server that then waits idle has
  // nothing to collect them (V8's memory reducer is off, server-node-flags.mjs), so a first start stayed at
  // ~590 MB until its first busy spell, against ~240 MB once collected (docs/performance-log.md, "what sign-ups
  // leave in the old generation, and a first start's idle memory"). Only
  // a new database pays for these collections (~20-30 ms each).
  if (created) await collectGarbage();
  // Both drivers share the query-builder API; the type difference is only in
  // the result metadata, which Keel never reads.
  const db = pgliteDb as unknown as Database;
  return {
    db,
    counters: db,
    driver: 'pglite',
    tryLock: createProcessLocks(),
    poolUse: () => [],
    close: () => client.close(),
  };
}

/**
 * Full garbage collections, 10 ms apart, until two in a row each free less than 8 MB of buffers (at most six):
 * after a first start each collection freed what the one before it released (measured: 339 → 186 → 8 MB). That
 * release runs after the collection, in a task of its own, and with other work in the process it was sometimes
 * not done by the next turn: a collection then freed 4 MB with 191 MB still to come, and stopping at the first
 * small one left them resident (client.test.ts failed 1 run in 2 beside two other test files). V8's gc() is
 * exposed to a context made for it alone, not to the server's globals.
 */
export async function collectGarbage(): Promise<void> {
  v8.setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  v8.setFlagsFromString('--no-expose-gc');
  if (typeof gc !== 'function') return;
  let smallInARow = 0;
  for (let round = 0; round < 6 && smallInARow < 2; round += 1) {
    const held = process.memoryUsage().arrayBuffers;
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
    smallInARow = held - process.memoryUsage().arrayBuffers < 8 * 1024 * 1024 ? smallInARow + 1 : 0;
  }
}

/**
 * The types Drizzle asks PGlite to return as the database's own text (dates,
 * times, intervals and their arrays; drizzle-orm/pglite/session.js): Keel's
 * PGlite is created with these parsers, so each query need not carry them.
 */
const DRIZZLE_RAW_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

type QueryRunner = Pick<PgliteTransaction, 'query'>;

/** options without per-query parsers when those are only the ones set on the client. */
function trimOptions(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!options || !parsers || !Object.keys(parsers).every((type) => DRIZZLE_RAW_TYPES.includes(Number(type)))) return options;
  const { parsers: _setOnTheClient, ...rest } = options;
  return rest;
}

function trimmedQuery(runner: QueryRunner): QueryRunner['query'] {
  return <T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> =>
    runner.query<T>(query, params, trimOptions(options));
}

/**
 * Drizzle passes its parsers with every PGlite query, and PGlite merges them
 * into its ~320 type parsers per query: ~300 µs each, as much as the query
 * itself (docs/performance-log.md, "sign-ups (22–23 Nov 2026)"). The same parsers are set once on the
 * client instead (openDatabase), and a query whose per-query parsers are only
 * those runs without them; anything else is passed through unchanged. Outside a
 * transaction, queries go to `query` (statements prepared once, pglite-statements.ts).
 */
function withoutPerQueryParsers(client: PGlite, query: QueryRunner['query']): PGlite {
  const inTransaction = (tx: PgliteTransaction): PgliteTransaction =>
    new Proxy(tx, { get: (target, key) => (key === 'query' ? trimmedQuery(target) : Reflect.get(target, key)) });
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === 'transaction') {
        return <T>(callback: (tx: PgliteTransaction) => Promise<T>): Promise<T> =>
          target.transaction((tx) => callback(inTransaction(tx)));
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
