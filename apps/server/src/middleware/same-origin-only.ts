import { AUTH_MESSAGES } from '@keel/core/auth-messages';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../lib/app-error.js';
import type { AppEnv } from '../lib/app-env.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Methods that change nothing: no CSRF check, and no body to pass on. */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method);
}

function originOfHeader(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * CSRF: a state-changing request must come from Keel's own origin. Better Auth
 * checks this only when cookies are present; here it holds for every POST, so a
 * cross-site form cannot even spend someone's rate-limit budget.
 */
export function sameOriginOnly(appUrl: string) {
  const trusted = new URL(appUrl).origin;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!isSafeMethod(c.req.method)) {
      const origin = originOfHeader(c.req.header('origin')) ?? originOfHeader(c.req.header('referer'));
      if (origin !== trusted) throw new AppError('FORBIDDEN', AUTH_MESSAGES.invalidOrigin);
    }
    await next();
  });
}
