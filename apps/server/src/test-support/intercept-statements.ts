import type { Database } from '../db/client.js';

type QueryFunction = (...args: unknown[]) => unknown;

/**
 * db, with before() called ahead of every statement it sends, whichever way:
 * through Drizzle's execute, or straight on the driver's client (db.$client:
 * db/prebuilt-statement.ts). A test counts statements with it, or makes them
 * fail by throwing from before().
 */
export function interceptStatements(db: Database, before: () => void): Database {
  const client = db.$client as unknown as { query: QueryFunction };
  const interceptedClient = new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (property !== 'query' || typeof value !== 'function') return value;
      const query = value as QueryFunction;
      return (...args: unknown[]) => {
        before();
        return query.apply(target, args);
      };
    },
  });
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === '$client') return interceptedClient;
      if (property !== 'execute') return Reflect.get(target, property, receiver);
      return (...args: Parameters<Database['execute']>) => {
        before();
        return target.execute(...args);
      };
    },
  });
}
