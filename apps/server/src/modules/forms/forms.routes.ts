import { contactSchema, subscribeSchema } from '@keel/core/schemas';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../../lib/app-error.js';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../deps.js';
import { enforceRateLimit } from '../../lib/enforce-rate-limit.js';
import { validate } from '../../lib/validate.js';
import { sendContactMessage } from './send-contact-message.js';
import { createNewsletterSubscriber } from './subscribe-newsletter.js';
import { createWaitlistSubscriber } from './subscribe-waitlist.js';

type FormName = 'waitlist' | 'newsletter' | 'contact';

/** The limiter key for one form and one client; app.request() in tests has no socket, hence 'unknown'. */
export function formLimitKey(form: FormName, clientIp: string | null): string {
  return `forms:${form}:${clientIp ?? 'unknown'}`;
}

function tooManyRequests(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many requests from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * Public forms need no account, so abuse is bounded per client IP and per form.
 * Counted before validation, so malformed floods are limited too.
 */
function limitPerIp(deps: AppDeps, form: FormName) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await enforceRateLimit(deps, {
      key: formLimitKey(form, c.get('clientIp')),
      limit: deps.config.limits.formsPerIp,
      message: tooManyRequests,
    });
    await next();
  });
}

/** POST /api/waitlist, /api/newsletter, /api/contact: the public site's three forms. */
export function formsRoutes(deps: AppDeps) {
  const subscribeWaitlist = createWaitlistSubscriber(deps.db);
  const subscribeNewsletter = createNewsletterSubscriber(deps.db);
  return new Hono<AppEnv>()
    .post('/waitlist', limitPerIp(deps, 'waitlist'), validate('json', subscribeSchema), async (c) => {
      const result = await subscribeWaitlist(c.req.valid('json').email);
      return result === 'subscribed' ? c.json({ status: result }, 201) : c.json({ status: result }, 200);
    })
    .post('/newsletter', limitPerIp(deps, 'newsletter'), validate('json', subscribeSchema), async (c) => {
      const result = await subscribeNewsletter(c.req.valid('json').email);
      return result === 'subscribed' ? c.json({ status: result }, 201) : c.json({ status: result }, 200);
    })
    .post('/contact', limitPerIp(deps, 'contact'), validate('json', contactSchema), async (c) => {
      const result = await sendContactMessage(
        { db: deps.db, mailer: deps.mailer, logger: c.get('logger'), supportEmail: deps.config.supportEmail },
        c.req.valid('json'),
        { ipAddress: c.get('clientIp') },
      );
      if (!result.delivered) {
        throw new AppError('UPSTREAM_FAILED', 'Failed to send message. Please try again.');
      }
      return c.json({ status: 'sent' as const }, 201);
    });
}
