import type { Auth } from './create-auth.js';

/**
 * Whether a reset token is still usable (exists, unexpired, not consumed), so the
 * reset page can say the link is dead before the user types a new password.
 */
export async function checkResetToken(auth: Auth, token: string): Promise<boolean> {
  const context = await auth.$context;
  const row = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return row !== null && row !== undefined && new Date(row.expiresAt).getTime() > Date.now();
}
