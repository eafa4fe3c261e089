import { TWO_STEP_COOKIE_NAME, type Auth } from './create-auth.js';

/** The two-step cookie's value (over https the name carries the __Secure- prefix). */
function twoStepCookieValue(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === TWO_STEP_COOKIE_NAME || name === `__Secure-${TWO_STEP_COOKIE_NAME}`) return rest.join('=');
  }
  return null;
}

/**
 * Whose password sign-in is waiting for its second step, so wrong codes count
 * against that account. The cookie holds a signed random identifier of a
 * verification row; Better Auth checks the signature when it verifies the code,
 * and an identifier nobody was given finds no row here.
 */
export async function findPendingTwoStepUserId(auth: Auth, headers: Headers): Promise<string | null> {
  const raw = twoStepCookieValue(headers.get('cookie'));
  if (!raw) return null;
  let signed: string;
  try {
    signed = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const identifier = signed.slice(0, signed.lastIndexOf('.'));
  if (identifier === '') return null;
  const context = await auth.$context;
  const found = await context.internalAdapter.findVerificationValue(identifier);
  return found && found.expiresAt.getTime() > Date.now() ? found.value : null;
}
