import type { AuthAnswerOf } from '@keel/core/auth-api';
import type { SignedInAccount } from './require-signed-in.js';

/** Whether two-step sign-in is on: the settings page shows "Turn on" or "Turn off" from this. */
export function readTwoStepStatus(account: SignedInAccount): AuthAnswerOf<'/two-factor/status'> {
  return { enabled: account.twoFactorEnabled };
}
