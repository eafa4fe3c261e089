import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../lib/deps.js';

/** PUT /api/wallet (wallet issue). */
export function walletRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
