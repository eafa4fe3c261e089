import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AUTH_CALLBACK_TYPES, AUTH_MESSAGES } from '@keel/core/auth-messages';
import type { Limit } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../lib/deps.js';
import {
  asAuthBody,
  readEmail,
  readFullName,
  readNewAccountPassword,
  readResetPassword,
  readSignInPassword,
  readToken,
} from './auth-input.js';
import { checkResetToken } from './check-reset-token.js';
import { callbackUrl, CLIENT_IP_HEADER, SESSION_COOKIE_PREFIX } from './create-auth.js';
import { findUserIdByEmail } from './find-user-by-email.js';
import { revokeUserSessions } from './revoke-user-sessions.js';

type AuthContext = Context<AppEnv>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOfHeader(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * CSRF: a state-changing auth request must come from Keel's own origin. Better
 * Auth checks this only when cookies are present; here it holds for every POST,
 * so a cross-site form cannot even spend someone's rate-limit budget.
 */
function sameOriginOnly(appUrl: string) {
  const trusted = new URL(appUrl).origin;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = originOfHeader(c.req.header('origin')) ?? originOfHeader(c.req.header('referer'));
      if (origin !== trusted) throw new AppError('FORBIDDEN', AUTH_MESSAGES.invalidOrigin);
    }
    await next();
  });
}

function auditContext(c: AuthContext) {
  return { ipAddress: c.get('clientIp'), userAgent: c.req.header('user-agent') ?? null };
}

/** Better Auth answers errors as { code, message }; Keel's API answers { error: { code, message } }. */
async function normalizeError(response: Response): Promise<Response> {
  if (response.ok || response.status < 400) return response;
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return response;
  let parsed: unknown;
  try {
    parsed = await response.clone().json();
  } catch {
    return response;
  }
  if (typeof parsed !== 'object' || parsed === null || !('message' in parsed)) return response;
  const { code, message } = parsed as { code?: unknown; message?: unknown };
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  const body = { error: { code: typeof code === 'string' ? code : 'AUTH_ERROR', message: String(message) } };
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

async function readErrorCode(response: Response): Promise<string | null> {
  try {
    const body = (await response.clone().json()) as { error?: { code?: unknown } };
    return typeof body.error?.code === 'string' ? body.error.code : null;
  } catch {
    return null;
  }
}

/** /api/auth/*: Keel's checks (origin, limits, §5 input rules, audit) in front of Better Auth. */
export function authRoutes(deps: AppDeps) {
  const { config } = deps;
  const limits = config.limits;

  /** Hands the request to Better Auth, with the client IP from the socket and an optional rewritten body. */
  async function callAuth(c: AuthContext, body?: Record<string, unknown>): Promise<Response> {
    const source = c.req.raw;
    const headers = new Headers(source.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = c.get('clientIp');
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    let payload: ArrayBuffer | string | undefined;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      headers.set('content-type', 'application/json');
      headers.delete('content-length');
    } else if (!SAFE_METHODS.has(source.method)) {
      payload = await source.arrayBuffer();
    }
    const init: RequestInit = { method: source.method, headers };
    if (payload !== undefined) init.body = payload;
    return normalizeError(await deps.auth.handler(new Request(source.url, init)));
  }

  /** Counts one attempt; over the limit, audits the denial and answers 429 with the spec's message. */
  async function enforceLimit(
    c: AuthContext,
    options: { action: string; key: string; limit: Limit; message: string; metadata: Record<string, unknown> },
  ) {
    const decision = await deps.limiter.hit(options.key, options.limit);
    if (decision.allowed) return;
    await deps.audit.record({
      userId: null,
      action: 'RATE_LIMIT_EXCEEDED',
      success: false,
      metadata: { limitedAction: options.action, ...options.metadata },
      ...auditContext(c),
    });
    throw new AppError('RATE_LIMITED', options.message, {
      retryAfterSeconds: Math.max(1, Math.ceil(decision.retryAfterMs / 1000)),
    });
  }

  return new Hono<AppEnv>()
    .use('*', sameOriginOnly(config.appUrl))
    .post('/sign-in/email', async (c) => {
      const body = asAuthBody(await c.req.json());
      const ip = c.get('clientIp');
      if (ip) {
        await enforceLimit(c, {
          action: 'SIGN_IN',
          key: `auth:sign-in:ip:${ip}`,
          limit: limits.signInPerIp,
          message: AUTH_MESSAGES.signInRateLimited,
          metadata: { scope: 'ip' },
        });
      }
      const email = readEmail(body.email);
      const emailKey = `auth:sign-in:email:${email}`;
      await enforceLimit(c, {
        action: 'SIGN_IN',
        key: emailKey,
        limit: limits.signIn,
        message: AUTH_MESSAGES.signInRateLimited,
        metadata: { scope: 'email', email },
      });
      const password = readSignInPassword(body.password);
      const response = await callAuth(c, { email, password, rememberMe: body.rememberMe !== false });
      if (response.ok) {
        const signedIn = (await response.clone().json()) as { user?: { id?: string } };
        await deps.limiter.reset(emailKey);
        await deps.audit.record({
          userId: signedIn.user?.id ?? null,
          action: 'SIGN_IN',
          success: true,
          metadata: { email },
          ...auditContext(c),
        });
      } else {
        await deps.audit.record({
          userId: await findUserIdByEmail(deps.db, email),
          action: 'SIGN_IN',
          success: false,
          metadata: { email, reason: await readErrorCode(response) },
          ...auditContext(c),
        });
      }
      return response;
    })
    .post('/sign-up/email', async (c) => {
      const body = asAuthBody(await c.req.json());
      const email = readEmail(body.email);
      await enforceLimit(c, {
        action: 'SIGN_UP',
        key: `auth:sign-up:email:${email}`,
        limit: limits.signUp,
        message: AUTH_MESSAGES.signUpRateLimited,
        metadata: { email },
      });
      const name = readFullName(body.name);
      const password = readNewAccountPassword(body.password);
      const existingId = await findUserIdByEmail(deps.db, email);
      const response = await callAuth(c, { name, email, password });
      await deps.audit.record({
        userId: existingId ?? (response.ok ? await findUserIdByEmail(deps.db, email) : null),
        action: 'SIGN_UP',
        success: response.ok,
        metadata: {
          email,
          existingAccount: existingId !== null,
          ...(response.ok ? {} : { reason: await readErrorCode(response) }),
        },
        ...auditContext(c),
      });
      if (!response.ok) return response;
      // One fixed answer whether the email was new or taken: nothing to enumerate.
      return c.json({ status: true as const }, 200);
    })
    .post('/sign-out', async (c) => {
      const found = await deps.auth.api.getSession({ headers: c.req.raw.headers, query: { disableRefresh: true } });
      const revoked = found ? await revokeUserSessions(deps.db, found.user.id) : 0;
      const response = await callAuth(c, {});
      await deps.audit.record({
        userId: found?.user.id ?? null,
        action: 'SIGN_OUT',
        success: found !== null,
        metadata: { scope: 'global', sessionsRevoked: revoked },
        ...auditContext(c),
      });
      return response;
    })
    .post('/request-password-reset', async (c) => {
      const body = asAuthBody(await c.req.json());
      const email = readEmail(body.email);
      await enforceLimit(c, {
        action: 'PASSWORD_RESET_REQUEST',
        key: `auth:password-reset:email:${email}`,
        limit: limits.passwordReset,
        message: AUTH_MESSAGES.resetRateLimited,
        metadata: { email },
      });
      const response = await callAuth(c, { email, redirectTo: callbackUrl(config.appUrl, AUTH_CALLBACK_TYPES.recovery) });
      await deps.audit.record({
        userId: await findUserIdByEmail(deps.db, email),
        action: 'PASSWORD_RESET_REQUEST',
        success: response.ok,
        metadata: { email },
        ...auditContext(c),
      });
      if (!response.ok) return response;
      return c.json({ status: true as const, message: AUTH_MESSAGES.resetRequested }, 200);
    })
    .post('/reset-token-status', async (c) => {
      const body = asAuthBody(await c.req.json());
      const token = readToken(body.token);
      return c.json({ valid: token !== null && (await checkResetToken(deps.auth, token)) }, 200);
    })
    .post('/reset-password', async (c) => {
      const body = asAuthBody(await c.req.json());
      const token = readToken(body.token);
      const newPassword = readResetPassword(body.newPassword);
      const response = token ? await callAuth(c, { token, newPassword }) : new Response(null, { status: 400 });
      if (response.ok) return response; // audited by onPasswordReset, with the account's id
      const reason = token ? await readErrorCode(response) : 'INVALID_TOKEN';
      await deps.audit.record({
        userId: null,
        action: 'PASSWORD_CHANGE',
        success: false,
        metadata: { method: 'reset_link', reason },
        ...auditContext(c),
      });
      if (reason === 'INVALID_TOKEN' || reason === 'USER_NOT_FOUND') {
        return c.json({ error: { code: 'INVALID_TOKEN', message: AUTH_MESSAGES.invalidResetLink } }, 400);
      }
      return response;
    })
    .post('/send-verification-email', async (c) => {
      const body = asAuthBody(await c.req.json());
      const email = readEmail(body.email);
      await enforceLimit(c, {
        action: 'EMAIL_VERIFICATION_RESEND',
        key: `auth:verification-resend:email:${email}`,
        limit: limits.verificationResend,
        message: AUTH_MESSAGES.resendRateLimited,
        metadata: { email },
      });
      const response = await callAuth(c, { email, callbackURL: callbackUrl(config.appUrl, AUTH_CALLBACK_TYPES.signup) });
      await deps.audit.record({
        userId: await findUserIdByEmail(deps.db, email),
        action: 'EMAIL_VERIFICATION_RESEND',
        success: response.ok,
        metadata: { email },
        ...auditContext(c),
      });
      return response;
    })
    .on(['GET', 'POST'], '/*', async (c) => {
      const response = await callAuth(c);
      if (c.req.method === 'POST' && c.req.path.endsWith('/change-password')) {
        const user = response.ok ? ((await response.clone().json()) as { user?: { id?: string } }).user : undefined;
        await deps.audit.record({
          userId: user?.id ?? null,
          action: 'PASSWORD_CHANGE',
          success: response.ok,
          metadata: { method: 'signed_in' },
          ...auditContext(c),
        });
      }
      return response;
    });
}

/** Sets c.var.user from the session cookie; null when signed out. Refreshes the session on use. */
export function sessionMiddleware(deps: AppDeps) {
  const cookieName = `${SESSION_COOKIE_PREFIX}.session_token`;
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('user', null);
    c.set('sessionId', null);
    const cookie = c.req.header('cookie');
    // Auth routes read the session themselves; no cookie means nobody to look up.
    if (!cookie?.includes(cookieName) || c.req.path.startsWith('/api/auth/')) {
      await next();
      return;
    }
    let refreshCookies: string[] = [];
    try {
      const result = await deps.auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
      refreshCookies = result.headers.getSetCookie();
      const found = result.response;
      if (found) {
        c.set('user', {
          id: found.user.id,
          email: found.user.email,
          name: found.user.name,
          emailVerified: found.user.emailVerified,
        });
        c.set('sessionId', found.session.id);
      }
    } catch (error) {
      c.get('logger').error({ err: error }, 'session lookup failed');
    }
    await next();
    for (const value of refreshCookies) c.header('set-cookie', value, { append: true });
  });
}
