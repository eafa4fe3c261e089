import { Hono } from 'hono';
import { pingDatabase } from '../../db/client.js';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../deps.js';

export function healthRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const databaseUp = await pingDatabase(deps.db);
    return c.json(
      {
        status: databaseUp ? ('ok' as const) : ('degraded' as const),
        database: databaseUp ? ('up' as const) : ('down' as const),
      },
      databaseUp ? 200 : 503,
    );
  });
}
