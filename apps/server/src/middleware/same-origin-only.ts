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
 * CSRF, for every state-changing API request (auth, forms, wallet, whatever a
 * module adds later; app.ts mounts it on /api/*): it must come from Keel's own
 * origin, by its Origin header, or by its Referer when a browser sends no
 * Origin. A foreign origin, 'null', or neither header is refused with 403,
 * before any route spends a rate-limit budget or writes a row. Better Auth's
 * own check holds only when cookies are present.
 */
export function sameOriginOnly(appUrl: string) {
  const trusted = new URL(appUrl).origin;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!isSafeMethod(c.req.method)) {
      // An Origin header, even 'null', is the browser's answer; Referer only stands in when it is absent.
      const originHeader = c.req.header('origin');
      // A browser writes Keel's own origin exactly as trusted is written; parsing it as a URL (~10 µs)
      // would only give the same text back. Anything else is parsed and compared as before.
      if (originHeader !== trusted) {
        const origin = originHeader !== undefined ? originOfHeader(originHeader) : originOfHeader(c.req.header('referer'));
        if (origin !== trusted) throw new AppError('INVALID_ORIGIN', AUTH_MESSAGES.invalidOrigin);
      }
    }
    await next();
  });
}
