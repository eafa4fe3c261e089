import type { AppDeps } from '../../deps.js';
import { readPasskeyName, type AuthBody } from './auth-input.js';
import { answerKeepingCookies } from './auth-answers.js';
import type { AuthRequest } from './better-auth-pass-through.js';
import { limitAuthAttempt } from './limit-auth-attempt.js';
import { PASSKEY_ALGORITHMS } from './passkey-rules.js';
import type { SignedInAccount } from './require-signed-in.js';
import { ACCOUNT_SECURITY_MESSAGES, AUTH_MESSAGES } from '@keel/core/auth-messages';
import { limitSecurityChange } from './limit-two-step-attempt.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * WebAuthn options for adding a passkey, asked with the name the saver chose
 * (checked here, sent again with the device's answer): a POST, so it passes
 * the origin check and stores no challenge for a request without one. The
 * saver's email names it in their password manager, and only ES256 and RS256
 * keys are offered (the plugin also lists EdDSA, which Keel refuses at
 * registration). The client's query string never reaches Better Auth.
 */
export async function startPasskeyRegistration(
  deps: Pick<AppDeps, 'config' | 'limiter' | 'audit'>,
  account: SignedInAccount,
  body: AuthBody,
  request: AuthRequest,
): Promise<Response> {
  readPasskeyName(body.name);
  await limitSecurityChange(deps, request, { userId: account.id, action: 'PASSKEY_ADDED' });
  const outcome = await request.forward(undefined, { query: { name: account.email }, method: 'GET' });
  const options = await outcome.body();
  if (!outcome.ok || !isRecord(options)) return outcome.response;
  const params = Array.isArray(options.pubKeyCredParams) ? options.pubKeyCredParams : [];
  const offered = params.filter(
    (param) => isRecord(param) && typeof param.alg === 'number' && PASSKEY_ALGORITHMS.includes(param.alg),
  );
  return answerKeepingCookies(outcome.response, { ...options, pubKeyCredParams: offered });
}

/** Passkey sign-in starts and answers, counted together per client IP (the sign-in limit per IP). */
export async function limitPasskeySignIn(
  deps: Pick<AppDeps, 'config' | 'limiter' | 'audit'>,
  request: AuthRequest,
): Promise<void> {
  if (!request.clientIp) return;
  await limitAuthAttempt(deps, request, {
    action: 'SIGN_IN',
    key: `auth:passkey-sign-in:ip:${request.clientIp}`,
    limit: deps.config.limits.signInPerIp,
    message: AUTH_MESSAGES.signInRateLimited,
    metadata: { scope: 'ip', method: 'passkey' },
  });
}

/**
 * WebAuthn options for signing in with a passkey: no email asked (the passkey
 * is discoverable), and the device must check it is the saver, because a
 * passkey sign-in skips the second step. Limited per IP: each start stores a challenge.
 */
export async function startPasskeySignIn(
  deps: Pick<AppDeps, 'config' | 'limiter' | 'audit'>,
  request: AuthRequest,
): Promise<Response> {
  await limitPasskeySignIn(deps, request);
  const outcome = await request.forward(undefined, { query: {} });
  const options = await outcome.body();
  if (!outcome.ok || !isRecord(options)) return outcome.response;
  // Signed in already, the plugin lists that account's passkeys; signing in picks any of the device's own.
  const { allowCredentials: _listed, ...rest } = options;
  return answerKeepingCookies(outcome.response, { ...rest, userVerification: 'required' });
}

export const PASSKEY_SIGN_IN_WORDS = {
  AUTHENTICATION_FAILED: { message: ACCOUNT_SECURITY_MESSAGES.passkeySignInFailed, status: 401 },
  PASSKEY_NOT_FOUND: { message: ACCOUNT_SECURITY_MESSAGES.passkeySignInFailed, status: 401 },
  CHALLENGE_NOT_FOUND: { message: ACCOUNT_SECURITY_MESSAGES.passkeySignInFailed, status: 400 },
} as const;
