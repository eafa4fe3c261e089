import type pg from 'pg';

/**
 * node-postgres sends a query with parameters as an unnamed statement, which
 * PostgreSQL parses, analyses and plans again every time. Named, it is parsed
 * once per connection and later runs send only its parameters. For Keel's hot
 * statements (a sign-up's limiter upsert and list insert, a session lookup)
 * that halved PostgreSQL's CPU per statement (docs/performance-log.md, "statements parsed once, and Node 24").
 *
 * Every query with parameters gets a name for its text, the same name for the
 * same text in the whole process. The first maxStatements distinct texts are
 * named and any after them run unnamed as before, so a query whose text varies
 * (an IN list of varying length) cannot make each connection keep statements
 * without bound. Queries without parameters (BEGIN, COMMIT, SELECT 1) keep the
 * simple protocol, one round trip; a query that already has a name, or is a
 * stream or cursor (Submittable), is passed through unchanged.
 */
export type StatementNames = {
  /** The name for text, or undefined once maxStatements texts are named and text is not one of them. */
  nameFor: (text: string) => string | undefined;
  /** How many distinct texts have a name. */
  size: () => number;
};

export function createStatementNames(maxStatements: number): StatementNames {
  const names = new Map<string, string>();
  return {
    nameFor(text) {
      const known = names.get(text);
      if (known !== undefined || names.size >= maxStatements) return known;
      const name = `keel_${names.size + 1}`;
      names.set(text, name);
      return name;
    },
    size: () => names.size,
  };
}

/** A query's config object, as node-postgres accepts it (the fields read here). */
type QueryConfigLike = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

function isConfig(value: unknown): value is QueryConfigLike {
  return typeof value === 'object' && value !== null;
}

/** The first argument of client.query, named when it has parameters; anything else as it was. */
export function withStatementName(first: unknown, second: unknown, names: StatementNames): unknown {
  const hasValues = (values: unknown) => Array.isArray(values) && values.length > 0;
  if (typeof first === 'string') {
    if (!hasValues(second)) return first;
    const name = names.nameFor(first);
    return name === undefined ? first : { text: first, name };
  }
  if (!isConfig(first) || typeof first.submit === 'function' || first.name !== undefined) return first;
  if (typeof first.text !== 'string' || !(hasValues(second) || hasValues(first.values))) return first;
  const name = names.nameFor(first.text);
  // A copy: Drizzle reuses its config object for every run of a query.
  return name === undefined ? first : { ...first, name };
}

/** Names the parameterised statements of every connection the pool opens (see above). */
export function nameStatementsOf(pool: pg.Pool, names: StatementNames): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const named = (...args: unknown[]): unknown => {
      args[0] = withStatementName(args[0], args[1], names);
      return query(...args);
    };
    Object.defineProperty(client, 'query', { value: named, configurable: true, writable: true });
  });
}
