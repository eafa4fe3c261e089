import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../lib/deps.js';

/** GET /api/vaults/:address (wallet issue). */
export function vaultsRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
