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
import { createWaitlistSubscriber, type ListSubscribeResult, type ListSubscriber } from './subscribe-waitlist.js';
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
 * Public forms need no account, so abuse is bounded per client IP and per form:
 * counts one attempt from clientIp and, over the limit, throws the 429.
 */
function formLimiter(deps: AppDeps, form: FormName): (clientIp: string | null) => Promise<void> {
  return (clientIp) =>
    enforceRateLimit(deps, { key: formLimitKey(form, clientIp), limit: deps.config.limits.formsPerIp, message: tooManyRequests });
}

/** The limiter as a route's middleware: counted before validation, so malformed floods are limited too. */
function limitPerIp(limit: (clientIp: string | null) => Promise<void>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await limit(c.get('clientIp'));
    await next();
  });
}

/** What a mailing-list form does once its input is checked: counted against the client's budget, then subscribed. */
export type ListForm = {
  /** Counts one attempt from clientIp; over the limit it throws the 429 (enforceRateLimit). */
  limit: (clientIp: string | null) => Promise<void>;
  subscribe: ListSubscriber;
};

/** The waitlist and newsletter forms, shared by their routes below and the listener's fast path (fast-path.ts). */
export function listForms(deps: AppDeps): Record<'waitlist' | 'newsletter', ListForm> {
  return {
    waitlist: { limit: formLimiter(deps, 'waitlist'), subscribe: createWaitlistSubscriber(deps.db) },
    newsletter: { limit: formLimiter(deps, 'newsletter'), subscribe: createNewsletterSubscriber(deps.db) },
  };
}

/** A mailing-list form's answer: 201 for a new subscriber, 200 for one already there. */
export function listAnswer(result: ListSubscribeResult): { status: 200 | 201; body: { status: ListSubscribeResult } } {
  return { status: result === 'subscribed' ? 201 : 200, body: { status: result } };
}

/** POST /api/waitlist, /api/newsletter, /api/contact: the public site's three forms. */
export function formsRoutes(deps: AppDeps, lists: Record<'waitlist' | 'newsletter', ListForm>) {
  return new Hono<AppEnv>()
    .post('/waitlist', waitlistDocs, limitPerIp(lists.waitlist.limit), validate('json', subscribeSchema), async (c) => {
      const { status, body } = listAnswer(await lists.waitlist.subscribe(c.req.valid('json').email));
      return status === 201 ? c.json(body, 201) : c.json(body, 200);
    })
    .post('/newsletter', newsletterDocs, limitPerIp(lists.newsletter.limit), validate('json', subscribeSchema), async (c) => {
      const { status, body } = listAnswer(await lists.newsletter.subscribe(c.req.valid('json').email));
      return status === 201 ? c.json(body, 201) : c.json(body, 200);
    })
    .post('/contact', contactDocs, limitPerIp(formLimiter(deps, 'contact')), validate('json', contactSchema), async (c) => {
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
