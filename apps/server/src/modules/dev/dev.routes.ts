import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../deps.js';
import { unknownEndpoint } from '../../lib/app-error.js';
import { validate } from '../../lib/validate.js';
import { createFixtureSession } from './create-fixture-session.js';
import { fixtureAccountSchema, fixtureSessionDocs, outboxDocs } from './dev.docs.js';

/**
 * Dev outbox reader. It hands out every mail, reset and verification links
 * included, so it exists only on explicit opt-in (DEV_OUTBOX=1, which config
 * accepts only on a loopback HOST and never in production) and only while mail
 * goes to the outbox rather than SMTP. Otherwise it is the ordinary API 404.
 *
 * Test fixtures: POST /fixtures/session signs a new verified account in, so the
 * browser tests not about signing up skip that journey (docs/decisions/012-test-fixture-accounts.md). It
 * exists only with TEST_FIXTURES=1, which config accepts only under NODE_ENV=test
 * on a loopback HOST; otherwise it is the ordinary API 404 too.
 */
export function devRoutes(deps: AppDeps) {
  const enabled = deps.config.devOutbox && !deps.config.isProduction;
  const fixturesEnabled = deps.config.testFixtures && deps.config.env === 'test';
  return new Hono<AppEnv>()
    .get('/outbox', outboxDocs, (c) => {
      const outbox = deps.mailer.outbox;
      if (!enabled || !outbox) throw unknownEndpoint();
      const to = c.req.query('to')?.toLowerCase();
      const entries = to ? outbox.filter((entry) => entry.to.toLowerCase() === to) : outbox;
      return c.json({ messages: [...entries].reverse() });
    })
    .post(
      '/fixtures/session',
      fixtureSessionDocs,
      async (c, next) => {
        // Before the body is read: without the opt-in nothing tells this route apart from an unknown one.
        if (!fixturesEnabled) throw unknownEndpoint();
        await next();
      },
      validate('json', fixtureAccountSchema),
      async (c) => createFixtureSession(deps, c.req.valid('json')),
    );
}
