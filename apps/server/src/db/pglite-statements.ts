import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * PGlite's query() answers each statement with six calls into its engine (parse,
 * describe the statement, bind, describe the portal, execute, sync), and has the
 * engine parse and plan the text every time: ~890 µs of the one JavaScript thread
 * for a one-row lookup, against ~210 µs for the same lookup sent as one call to a
 * statement prepared once (docs/performance-log.md, "what a signed-in page asks for, and the embedded database's
 * round trips"). PostgreSQL's driver
 * gets the same from named-statements.ts.
 *
 * This query() does that for PGlite: a statement text is parsed once under a name
 * of its own, with the types of its parameters and of its columns; each run then
 * sends bind, execute and sync in one call, and PGlite's own result parser builds
 * the answer query() would (rows, fields, affectedRows, the per-query parsers and
 * rowMode honoured). It runs under PGlite's own locks, as query() does (not inside
 * a transaction, whose statements keep PGlite's path), syncs to the file system
 * after each statement as query() does, and a database error carries the query, its
 * parameters and options as PGlite's does. Left to PGlite's query(): anything but
 * select, insert, update, delete and with (DDL, transaction control), and queries with
 * parameter types, a blob or a notice callback. At most maxStatements texts stay
 * prepared; the least recently used is closed for a new one.
 */
export function createPreparedQuery(client: PGlite, maxStatements: number): PGlite['query'] {
  const prepared = new Map<string, PreparedStatement>();
  let named = 0;

  const prepare = async (text: string): Promise<PreparedStatement> => {
    const known = prepared.get(text);
    if (known) {
      // Most recently used last: the map's first entry is the one to close.
      prepared.delete(text);
      prepared.set(text, known);
      return known;
    }
    const messages: Uint8Array[] = [];
    if (prepared.size >= maxStatements) {
      const [oldest] = prepared;
      if (oldest) {
        prepared.delete(oldest[0]);
        messages.push(serialize.close({ type: 'S', name: oldest[1].name }));
      }
    }
    const name = `keel_${++named}`;
    messages.push(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), SYNC);
    const answer = await client.execProtocolStream(concat(messages), { syncToFs: false });
    const statement = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(answer),
      rowDescription: answer.filter((message) => message.name === 'rowDescription'),
    };
    prepared.set(text, statement);
    return statement;
  };

  return async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (!PREPARABLE.test(text) || options?.paramTypes || options?.blob || options?.onNotice) {
      return client.query<T>(text, params, options);
    }
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          const statement = await prepare(text);
          const values = params.map((value, index) => serializeValue(client, value, statement.parameterTypes[index], options));
          const answer = await client.execProtocolStream(
            concat([serialize.bind({ statement: statement.name, values }), EXECUTE, SYNC]),
            { syncToFs: false },
          );
          await client.syncToFs();
          const [result] = parse.parseResults([...statement.rowDescription, ...answer], client.parsers, options);
          return result as Results<T>;
        } catch (error) {
          // What PGlite's makePGliteError adds to a database error.
          if (error instanceof Error && 'severity' in error) Object.assign(error, { query: text, params, queryOptions: options });
          throw error;
        }
      }),
    );
  };
}

type PreparedStatement = {
  name: string;
  parameterTypes: number[];
  /** The statement's row description (none for a statement without rows), put before each run's rows to parse them. */
  rowDescription: Awaited<ReturnType<PGlite['execProtocolStream']>>;
};

const { serialize } = protocol;
const SYNC = serialize.sync();
const EXECUTE = serialize.execute({});
/** The statements worth keeping prepared: what reads and writes rows. */
const PREPARABLE = /^\s*(?:select|insert|update|delete|with)\s/i;

/** A parameter as PGlite's query() sends it: by its type's serializer, else as a string. */
function serializeValue(client: PGlite, value: unknown, type: number | undefined, options: QueryOptions | undefined) {
  if (value === null || value === undefined) return null;
  const serializer = type === undefined ? undefined : (options?.serializers?.[type] ?? client.serializers[type]);
  return serializer ? serializer(value) : String(value);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
