import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../deps.js';
import { createReadinessCheck } from './check-database.js';
import { healthDocs } from './health.docs.js';

export function healthRoutes(deps: AppDeps) {
  const isDatabaseUp = createReadinessCheck(deps.db, () => deps.now());
  return new Hono<AppEnv>().get('/', healthDocs, async (c) => {
    const databaseUp = await isDatabaseUp();
    return c.json(
      {
        status: databaseUp ? ('ok' as const) : ('degraded' as const),
        database: databaseUp ? ('up' as const) : ('down' as const),
      },
      databaseUp ? 200 : 503,
    );
  });
}
