import { contactSchema, subscribeSchema } from '@keel/core/schemas';
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../deps.js';
import { enforceRateLimit } from '../../lib/enforce-rate-limit.js';
import { validate } from '../../lib/validate.js';
import { sendContactMessage } from './send-contact-message.js';
import { createNewsletterSubscriber } from './subscribe-newsletter.js';
import { createWaitlistSubscriber, type ListSubscribeResult } from './subscribe-waitlist.js';
import { contactDocs, newsletterDocs, waitlistDocs } from './forms.docs.js';

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
 * Public forms need no account, so abuse is bounded per client IP and per form. The limiter runs as the
 * route's first middleware: counted before validation, so malformed floods are limited too.
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

/** A mailing-list form's answer: 201 for a new subscriber, 200 for one already there. */
function listAnswer(c: Context<AppEnv>, status: ListSubscribeResult) {
  return status === 'subscribed' ? c.json({ status }, 201) : c.json({ status }, 200);
}

/** POST /api/waitlist, /api/newsletter, /api/contact: the public site's three forms. */
export function formsRoutes(deps: AppDeps) {
  const subscribeWaitlist = createWaitlistSubscriber(deps.db);
  const subscribeNewsletter = createNewsletterSubscriber(deps.db);
  return new Hono<AppEnv>()
    .post('/waitlist', waitlistDocs, limitPerIp(deps, 'waitlist'), validate('json', subscribeSchema), async (c) =>
      listAnswer(c, await subscribeWaitlist(c.req.valid('json').email)),
    )
    .post('/newsletter', newsletterDocs, limitPerIp(deps, 'newsletter'), validate('json', subscribeSchema), async (c) =>
      listAnswer(c, await subscribeNewsletter(c.req.valid('json').email)),
    )
    .post('/contact', contactDocs, limitPerIp(deps, 'contact'), validate('json', contactSchema), async (c) => {
      await sendContactMessage(
        { db: deps.db, mailOutbox: deps.mailOutbox, now: () => deps.now(), supportEmail: deps.config.supportEmail },
        c.req.valid('json'),
        { ipAddress: c.get('clientIp') },
      );
      return c.json({ status: 'sent' as const }, 201);
    });
}
