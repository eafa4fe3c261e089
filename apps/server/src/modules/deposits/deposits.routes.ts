import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../lib/deps.js';

/** GET /api/deposits?wallet= (wallet issue). */
export function depositsRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
