import type { AppDeps } from '../../deps.js';
import { readAnyTwoStepCode } from './auth-input.js';

/**
 * Checks a second-step code (from the authenticator app, or a backup code, which is then used up) for
 * the signed-in account whose request headers these are, with Better Auth's own two-factor checks. For
 * re-authentication before an irreversible change: a malformed code is simply not accepted.
 */
export function secondStepCodeVerifier(deps: Pick<AppDeps, 'auth'>) {
  return async (code: string, headers: Headers): Promise<boolean> => {
    let parsed: ReturnType<typeof readAnyTwoStepCode>;
    try {
      parsed = readAnyTwoStepCode(code);
    } catch {
      return false;
    }
    try {
      if (parsed.kind === 'totp') await deps.auth.api.verifyTOTP({ body: { code: parsed.code }, headers });
      else await deps.auth.api.verifyBackupCode({ body: { code: parsed.code, disableSession: true }, headers });
      return true;
    } catch {
      return false;
    }
  };
}
