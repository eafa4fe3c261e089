import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../deps.js';
import { unknownEndpoint } from '../../lib/app-error.js';
import { outboxDocs } from './dev.docs.js';

/**
 * Dev outbox reader. It hands out every mail, reset and verification links
 * included, so it exists only on explicit opt-in (DEV_OUTBOX=1, which config
 * accepts only on a loopback HOST and never in production) and only while mail
 * goes to the outbox rather than SMTP. Otherwise it is the ordinary API 404.
 */
export function devRoutes(deps: AppDeps) {
  const enabled = deps.config.devOutbox && !deps.config.isProduction;
  return new Hono<AppEnv>().get('/outbox', outboxDocs, (c) => {
    const outbox = deps.mailer.outbox;
    if (!enabled || !outbox) throw unknownEndpoint();
    const to = c.req.query('to')?.toLowerCase();
    const entries = to ? outbox.filter((entry) => entry.to.toLowerCase() === to) : outbox;
    return c.json({ messages: [...entries].reverse() });
  });
}
