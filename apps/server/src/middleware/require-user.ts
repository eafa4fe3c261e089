import { createMiddleware } from 'hono/factory';
import { AppError } from '../lib/app-error.js';
import type { AppEnv, SessionUser } from '../lib/app-env.js';

type SignedInEnv = AppEnv & { Variables: AppEnv['Variables'] & { user: SessionUser } };

/** Refuses the request with 401 unless the session middleware found a signed-in user. */
export const requireUser = createMiddleware<SignedInEnv>(async (c, next) => {
  if (!c.get('user')) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  await next();
});
