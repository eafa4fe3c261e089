import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env.js';
import type { ReadinessCheck } from './check-database.js';
import { healthDocs } from './health.docs.js';

/** GET /api/health's status and body for a database that is up or not (the fast path answers the same). */
export function healthAnswer(databaseUp: boolean) {
  return {
    status: databaseUp ? (200 as const) : (503 as const),
    body: {
      status: databaseUp ? ('ok' as const) : ('degraded' as const),
      database: databaseUp ? ('up' as const) : ('down' as const),
    },
  };
}

export function healthRoutes(readiness: ReadinessCheck) {
  return new Hono<AppEnv>().get('/', healthDocs, async (c) => {
    const { status, body } = healthAnswer(await readiness.check());
    return c.json(body, status);
  });
}
