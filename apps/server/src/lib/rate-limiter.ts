import { eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { prebuiltStatement } from '../db/prebuilt-statement.js';
import { rateLimits } from '../db/schema.js';
import type { Limit } from '../config.js';
import { createGroupWriter, type GroupWriter } from './group-commit.js';

export type LimitDecision = { allowed: boolean; count: number; retryAfterMs: number };

export type RateLimiter = {
  /** Counts one attempt against key and says whether it is within the limit. */
  hit: (key: string, limit: Limit) => Promise<LimitDecision>;
  /** Says whether one more attempt would be allowed, without counting one. */
  peek: (key: string, limit: Limit) => Promise<LimitDecision>;
  reset: (key: string) => Promise<void>;
  /** Deletes windows that started at least olderThanMs ago (the longest window in use); answers how many. */
  prune: (olderThanMs: number) => Promise<number>;
};

/** Hits waiting together (any keys): more than this many go as the next batch. */
const MAX_HITS_PER_BATCH = 500;

type Hit = { key: string; limit: Limit };

/** The database or a transaction on it. */
type Executor = Pick<Database, 'execute'>;

/** One key's hits in a batch, in arrival order (their indexes in the batch). */
type KeyHits = { key: string; indexes: number[] };

/** One statement's share of a batch: keys with one window length, each key once (an upsert may not touch a row twice). */
type Round = { windowMs: number; keys: KeyHits[] };

/**
 * A batch's hits as rounds of one statement each — one round in practice: a
 * route's keys each have one window length. Hits on a key go together until
 * the key is hit with another window length (which no route does today); its
 * later hits go to a later round, so a key's hits are still counted in arrival
 * order, as they would have been one after the other.
 */
function roundsOf(hits: Hit[]): Round[] {
  const rounds: Round[] = [];
  const latest = new Map<string, { keyHits: KeyHits; round: number }>();
  hits.forEach((hit, index) => {
    const windowMs = hit.limit.windowMs;
    const previous = latest.get(hit.key);
    if (previous && rounds[previous.round]?.windowMs === windowMs) {
      previous.keyHits.indexes.push(index);
      return;
    }
    const after = previous ? previous.round + 1 : 0;
    let round = rounds.findIndex((candidate, at) => at >= after && candidate.windowMs === windowMs);
    if (round === -1) round = rounds.push({ windowMs, keys: [] }) - 1;
    const keyHits = { key: hit.key, indexes: [index] };
    rounds[round]?.keys.push(keyHits);
    latest.set(hit.key, { keyHits, round });
  });
  return rounds;
}

/** Raised to every hit of a batch whose statement failed; nothing of that batch was counted. */
export class RateLimitBatchError extends Error {
  constructor(hits: number, cause: unknown) {
    super(`rate limiter: a batch of ${hits} hit(s) could not be counted; none of them was`, { cause });
    this.name = 'RateLimitBatchError';
  }
}

type UpsertRow = { key: string; count: number; window_started_at: string | number };

/** The rows one upsert counts: one key (a VALUES row) or many (two arrays, in key order). */
function oneKeyRows(key: unknown, count: unknown, at: unknown): SQL {
  return sql`values (${key}, ${count}, ${at})`;
}
function manyKeyRows(keys: unknown, counts: unknown, at: unknown): SQL {
  return sql`select key, count, ${at} from unnest(${keys}::text[], ${counts}::integer[]) as hits (key, count)
      order by key`;
}

/**
 * Per key, add its hits to the live window or start a new one with them; a
 * window that started at or before cutoff has ended. Written as SQL rather than
 * with the query builder (docs/performance-log.md, "sign-ups (22–23 Nov 2026)"). Given values it is
 * the statement itself; given placeholders, the text built once below.
 */
function upsertQuery(rows: SQL, cutoff: unknown): SQL {
  const expired = sql`${rateLimits}.window_started_at <= ${cutoff}`;
  return sql`
      insert into ${rateLimits} (key, count, window_started_at) ${rows}
      on conflict (key) do update set
        count = case when ${expired} then excluded.count else ${rateLimits}.count + excluded.count end,
        window_started_at = case when ${expired} then excluded.window_started_at else ${rateLimits}.window_started_at end
      returning key, count, window_started_at`;
}

/**
 * The two upserts a batch sends outside a transaction, built once (db/prebuilt-statement.ts): one key
 * (every hit of the batch from one client) as a one-row upsert, since the array form cost more per
 * sign-up on PGlite, whose engine runs on this thread (docs/performance-log.md, "server (23 Nov 2026)"); several
 * keys as one array each, so
 * the text is the same for any batch.
 */
const UPSERT_ONE_KEY = prebuiltStatement<UpsertRow>(
  upsertQuery(oneKeyRows(sql.placeholder('key'), sql.placeholder('count'), sql.placeholder('at')), sql.placeholder('cutoff')),
);
const UPSERT_KEYS = prebuiltStatement<UpsertRow>(
  upsertQuery(manyKeyRows(sql.placeholder('keys'), sql.placeholder('counts'), sql.placeholder('at')), sql.placeholder('cutoff')),
);

/**
 * Fixed-window counters in the database: atomic upserts, so every server
 * instance on the same database shares them.
 *
 * Hits arriving together — any keys — are counted by one statement (group
 * commit, lib/group-commit.ts): one round trip for the batch instead of one per
 * request. Hits on the same key are summed (k hits add k) and the i-th of them
 * sees the count it would have seen had they run one after another, so a limit
 * allows exactly as many attempts as before, including a window that ends
 * between two batches. The statement is one transaction: if it fails, every
 * hit in the batch gets a RateLimitBatchError and none was counted.
 */
export function createRateLimiter(db: Database, now: () => number): RateLimiter {
  /**
   * One round's upsert. Its keys are inserted in key order, so two instances
   * upserting overlapping batches lock the rows in the same order (no deadlock).
   * Outside a transaction (executor is db) it sends a text built once; inside,
   * the same statement built for its values through the transaction.
   */
  const countRound = async (executor: Executor, round: Round, at: number) => {
    const keys = round.keys.map((keyHits) => keyHits.key);
    const counts = round.keys.map((keyHits) => keyHits.indexes.length);
    const cutoff = at - round.windowMs;
    let rows: UpsertRow[];
    if (executor === db) {
      rows =
        keys.length === 1
          ? await UPSERT_ONE_KEY.run(db, { key: keys[0], count: counts[0], at, cutoff })
          : await UPSERT_KEYS.run(db, { keys, counts, at, cutoff });
    } else {
      const values = keys.length === 1 ? oneKeyRows(keys[0], counts[0], at) : manyKeyRows(sql.param(keys), sql.param(counts), at);
      ({ rows } = await executor.execute<UpsertRow>(upsertQuery(values, cutoff)));
    }
    return new Map(rows.map((row) => [row.key, { count: Number(row.count), startedAt: Number(row.window_started_at) }]));
  };

  const writer: GroupWriter<Hit, LimitDecision> = createGroupWriter<Hit, LimitDecision>(
    async (hits) => {
      const at = now();
      const rounds = roundsOf(hits);
      const decisions: LimitDecision[] = [];
      const countAll = async (executor: Executor) => {
        for (const round of rounds) {
          const counted = await countRound(executor, round, at);
          for (const group of round.keys) {
            const row = counted.get(group.key);
            if (!row) throw new Error(`the upsert returned no row for a key (${group.indexes.length} hit(s))`);
            const retryAfterMs = Math.max(0, row.startedAt + round.windowMs - at);
            // The key's hits in arrival order: the first of k saw count - k + 1.
            group.indexes.forEach((index, order) => {
              const hit = hits[index];
              const seen = row.count - group.indexes.length + 1 + order;
              if (hit) decisions[index] = { allowed: seen <= hit.limit.max, count: seen, retryAfterMs };
            });
          }
        }
      };
      try {
        // One round is one statement, atomic by itself; more (a key with two window lengths) share a transaction.
        if (rounds.length === 1) await countAll(db);
        else await db.transaction(countAll);
      } catch (error) {
        throw new RateLimitBatchError(hits.length, error);
      }
      return decisions;
    },
    { maxGroup: MAX_HITS_PER_BATCH },
  );

  return {
    hit: (key, limit) => writer.submit({ key, limit }),
    async peek(key, limit) {
      const at = now();
      const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
      if (!row || Number(row.windowStartedAt) <= at - limit.windowMs) {
        return { allowed: true, count: 0, retryAfterMs: 0 };
      }
      return {
        allowed: row.count < limit.max,
        count: row.count,
        retryAfterMs: Math.max(0, Number(row.windowStartedAt) + limit.windowMs - at),
      };
    },
    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
    async prune(olderThanMs) {
      const removed = await db
        .delete(rateLimits)
        .where(lte(rateLimits.windowStartedAt, now() - olderThanMs))
        .returning({ key: rateLimits.key });
      return removed.length;
    },
  };
}
