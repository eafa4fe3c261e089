/**
 * What each of Keel's /api/auth endpoints reads and answers. The server's
 * routes check their answers against these types, and the web's bare-fetch
 * auth client is typed by them, so the two cannot drift apart.
 */

/** The user an auth answer names: never a session id or token (the HttpOnly cookie carries those). */
export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean };

export type AuthEndpoints = {
  '/get-session': { body: never; answer: { user: SessionUser } | null };
  '/sign-in/email': { body: { email: string; password: string }; answer: { user: SessionUser } };
  '/sign-up/email': { body: { name: string; email: string; password: string }; answer: { status: true } };
  /** Ends every session of the user; Better Auth wants the JSON body {}. */
  '/sign-out': { body: Record<string, never>; answer: { success: boolean } };
  '/request-password-reset': { body: { email: string }; answer: { status: true; message: string } };
  '/reset-token-status': { body: { token: string }; answer: { valid: boolean } };
  '/reset-password': { body: { token: string; newPassword: string }; answer: { status: boolean } };
  '/send-verification-email': { body: { email: string }; answer: { status: boolean } };
};

export type AuthPath = keyof AuthEndpoints;
export type AuthBodyOf<Path extends AuthPath> = AuthEndpoints[Path]['body'];
export type AuthAnswerOf<Path extends AuthPath> = AuthEndpoints[Path]['answer'];
