import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../deps.js';
import { createReadinessCheck } from './check-database.js';
import { healthDocs } from './health.docs.js';

export function healthRoutes(deps: AppDeps) {
  const readiness = createReadinessCheck(deps.db, () => deps.now());
  return new Hono<AppEnv>().get('/', healthDocs, async (c) => {
    const up = await readiness();
    return up
      ? c.json({ status: 'ok' as const, database: 'up' as const }, 200)
      : c.json({ status: 'degraded' as const, database: 'down' as const }, 503);
  });
}
