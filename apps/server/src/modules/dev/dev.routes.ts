import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';

/** Dev outbox reader: exists only outside production and only without SMTP. */
export function devRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/outbox', (c) => {
    const outbox = deps.mailer.outbox;
    if (deps.config.isProduction || !outbox) throw new AppError('NOT_FOUND', 'Not found');
    const to = c.req.query('to')?.toLowerCase();
    const entries = to ? outbox.filter((entry) => entry.to.toLowerCase() === to) : outbox;
    return c.json({ messages: [...entries].reverse() });
  });
}
