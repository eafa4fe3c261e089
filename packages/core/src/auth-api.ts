/**
 * What each of Keel's /api/auth endpoints reads and answers. The server's
 * routes check their answers against these types, and the web's bare-fetch
 * auth client is typed by them, so the two cannot drift apart.
 */

/** The user an auth answer names: never a session id or token (the HttpOnly cookie carries those). */
export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean };

export type AuthEndpoints = {
  '/get-session': { body: never; answer: { user: SessionUser } | null };
  /** With two-step sign-in on, a right password answers { twoStepRequired: true } and the session comes with the code. */
  '/sign-in/email': { body: { email: string; password: string }; answer: { user: SessionUser } | { twoStepRequired: true } };
  '/sign-up/email': { body: { name: string; email: string; password: string }; answer: { status: true } };
  /** Ends every session of the user; Better Auth wants the JSON body {}. */
  '/sign-out': { body: Record<string, never>; answer: { success: boolean } };
  '/request-password-reset': { body: { email: string }; answer: { status: true; message: string } };
  '/reset-token-status': { body: { token: string }; answer: { valid: boolean } };
  '/reset-password': { body: { token: string; newPassword: string }; answer: { status: boolean } };
  '/send-verification-email': { body: { email: string }; answer: { status: boolean } };
  /** Whether two-step sign-in is on for the signed-in account. */
  '/two-factor/status': { body: never; answer: { enabled: boolean } };
  /** Step 1 of turning it on: the authenticator app's otpauth:// address and the backup codes (shown after the first code). */
  '/two-factor/enable': { body: { password: string }; answer: { totpURI: string; backupCodes: string[] } };
  /** The second step of a sign-in (a code from the app), or, signed in, the first code that turns it on. */
  '/two-factor/verify-totp': { body: { code: string }; answer: { user: SessionUser } };
  /** The second step of a sign-in with a backup code (each works once). */
  '/two-factor/verify-backup-code': { body: { code: string }; answer: { user: SessionUser } };
  /** New backup codes; the old ones stop working. */
  '/two-factor/generate-backup-codes': { body: { password: string }; answer: { backupCodes: string[] } };
  /** Turning it off needs the password and a code from the app (or a backup code). */
  '/two-factor/disable': { body: { password: string; code: string }; answer: { status: true } };
  /** WebAuthn options for adding a passkey to the signed-in account, asked with the name it will have. */
  '/passkey/generate-register-options': { body: { name: string }; answer: Record<string, unknown> };
  '/passkey/verify-registration': { body: { response: unknown; name: string }; answer: { passkey: PasskeySummary } };
  '/passkey/list-user-passkeys': { body: never; answer: { passkeys: PasskeySummary[] } };
  '/passkey/delete-passkey': { body: { id: string }; answer: { status: true } };
  /** WebAuthn options for signing in with a passkey (discoverable: no email needed). */
  '/passkey/generate-authenticate-options': { body: never; answer: Record<string, unknown> };
  '/passkey/verify-authentication': { body: { response: unknown }; answer: { user: SessionUser } };
};

/** A passkey as the settings page lists it: never its key or credential id. */
export type PasskeySummary = { id: string; name: string; createdAt: string; backedUp: boolean };

export type AuthPath = keyof AuthEndpoints;
export type AuthBodyOf<Path extends AuthPath> = AuthEndpoints[Path]['body'];
export type AuthAnswerOf<Path extends AuthPath> = AuthEndpoints[Path]['answer'];
