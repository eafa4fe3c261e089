import type { SessionUser } from '@keel/core/auth-api';
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/app-env.js';
import { codeForStatus } from '../../lib/app-error.js';
import { isSafeMethod } from '../../middleware/same-origin-only.js';
import { CLIENT_IP_HEADER, type Auth } from './create-auth.js';

/** What a flow learns from Better Auth's answer; `response` goes back to the browser untouched. */
export type AuthOutcome = {
  ok: boolean;
  response: Response;
  /** Better Auth's error code ('INVALID_TOKEN', 'EMAIL_NOT_VERIFIED', …), null on success. */
  errorCode: () => Promise<string | null>;
  /** The account a successful answer names (sign-in, change-password). */
  userId: () => Promise<string | null>;
  /** The answer's JSON body (null when it has none), for flows that answer in their own shape. */
  body: () => Promise<unknown>;
};

/**
 * Hands the request to Better Auth; `body` replaces the client's (checked and rewritten by Keel),
 * `query`, when given, replaces the client's query string, and `method` the request's method
 * (Keel takes some of Better Auth's GETs as POSTs, so they pass the origin check and read a body).
 */
export type ForwardToAuth = (
  body?: Record<string, unknown>,
  options?: { query?: Record<string, string>; method?: 'GET' },
) => Promise<AuthOutcome>;

/** One auth request as the flows see it: who asked, from where, and the way through to Better Auth. */
export type AuthRequest = {
  forward: ForwardToAuth;
  headers: Headers;
  clientIp: string | null;
  userAgent: string | null;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.clone().json();
  } catch {
    return null;
  }
}

/**
 * Better Auth answers errors as { code, message }; Keel's API answers { error: { code, message } }.
 * An answer without a code gets Keel's code for its status, so the web can still choose its words by code.
 */
async function normalizeError(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return response;
  const parsed = await readJson(response);
  if (!isRecord(parsed) || !('message' in parsed)) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  const code = typeof parsed.code === 'string' && parsed.code !== '' ? parsed.code : codeForStatus(response.status);
  const body = { error: { code, message: String(parsed.message) } };
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

function outcomeOf(response: Response): AuthOutcome {
  return {
    ok: response.ok,
    response,
    errorCode: async () => {
      const body = await readJson(response);
      const error = isRecord(body) ? body.error : undefined;
      return isRecord(error) && typeof error.code === 'string' ? error.code : null;
    },
    userId: async () => {
      const body = await readJson(response);
      const user = isRecord(body) ? body.user : undefined;
      return isRecord(user) && typeof user.id === 'string' ? user.id : null;
    },
    body: () => readJson(response),
  };
}

/**
 * The Better Auth pass-through: the client IP header comes from the socket
 * (never from the client), and an optional rewritten body replaces the client's.
 */
export function authRequestFrom(auth: Auth, c: Context<AppEnv>): AuthRequest {
  const source = c.req.raw;
  const clientIp = c.get('clientIp');
  const forward: ForwardToAuth = async (body, options) => {
    const headers = new Headers(source.headers);
    headers.delete(CLIENT_IP_HEADER);
    if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp);
    const method = options?.method ?? source.method;
    let payload: ArrayBuffer | string | undefined;
    if (isSafeMethod(method)) {
      headers.delete('content-type');
      headers.delete('content-length');
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers.set('content-type', 'application/json');
      headers.delete('content-length');
    } else if (!isSafeMethod(source.method)) {
      payload = await source.arrayBuffer();
    }
    const init: RequestInit = { method, headers };
    if (payload !== undefined) init.body = payload;
    const url = new URL(source.url);
    if (options?.query) url.search = new URLSearchParams(options.query).toString();
    return outcomeOf(await normalizeError(await auth.handler(new Request(url, init))));
  };
  return { forward, headers: source.headers, clientIp, userAgent: c.req.header('user-agent') ?? null };
}

/** The four fields of Better Auth's user that Keel's screens read, and nothing else of it. */
function sessionUserOf(value: unknown): SessionUser | null {
  if (!isRecord(value)) return null;
  const { id, email, name, emailVerified } = value;
  if (typeof id !== 'string' || typeof email !== 'string' || typeof name !== 'string' || typeof emailVerified !== 'boolean') {
    return null;
  }
  return { id, email, name, emailVerified };
}

/** Whether a password sign-in was accepted and now waits for its second step (the two-factor plugin's answer). */
export function isTwoStepPending(body: unknown): boolean {
  return isRecord(body) && body.twoFactorRedirect === true;
}

/**
 * A successful answer reduced to the signed-in user: Better Auth also returns
 * the session token in the body, which the HttpOnly cookie exists to keep away
 * from scripts. A sign-in waiting for its second step answers { twoStepRequired: true }.
 * Cookies and other headers pass unchanged.
 */
export async function withUserOnly(response: Response): Promise<Response> {
  if (!response.ok) return response;
  const body = await readJson(response);
  const answer = isTwoStepPending(body) ? { twoStepRequired: true } : { user: isRecord(body) ? sessionUserOf(body.user) : null };
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(answer), { status: response.status, headers });
}
