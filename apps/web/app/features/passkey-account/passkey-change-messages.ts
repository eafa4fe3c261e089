import { humanErrorMessage } from '~/lib/error-messages';
import type { AddPasskeyStep } from './add-account-passkey';
import { PASSKEY_CREATION_MESSAGES, passkeyProblemOf } from './webauthn';

/** What the saver reads while a passkey is being added. */
export const ADD_PASSKEY_STEPS: Record<AddPasskeyStep, string> = {
  creating: 'Create the new passkey when your device asks.',
  approving: 'Approving the change to your savings account…',
  confirming: 'Waiting for Base to confirm the change…',
};

function isDeclined(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 10 && typeof current === 'object' && current !== null; depth += 1) {
    if ('name' in current && (current.name === 'NotAllowedError' || current.name === 'AbortError')) return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/** A failed passkey change in plain words: the prompt dismissed, Keel's answer, or the operation's own reason. */
export function passkeyChangeError(error: unknown, fallback: string): string {
  const problem = passkeyProblemOf(error);
  if (problem) return PASSKEY_CREATION_MESSAGES[problem];
  if (isDeclined(error)) return 'Nothing was changed: the passkey request was cancelled or timed out. Please try again.';
  if (error instanceof Error && error.name === 'PasskeyOperationError') return error.message;
  return humanErrorMessage(error, fallback);
}
