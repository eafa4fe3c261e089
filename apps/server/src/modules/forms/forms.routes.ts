import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../lib/deps.js';

/** POST /api/waitlist, /api/newsletter, /api/contact (public-site issue). */
export function formsRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
