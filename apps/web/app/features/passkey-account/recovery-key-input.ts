import { privateKeyToAccount } from 'viem/accounts';

const PRIVATE_KEY = /0x[0-9a-fA-F]{64}(?![0-9a-fA-F])/;

export type RecoveryKeyCheck = { ok: true; privateKey: `0x${string}` } | { ok: false; problem: 'no-key' | 'another-account' };

export const RECOVERY_KEY_MESSAGES: Record<Exclude<RecoveryKeyCheck, { ok: true }>['problem'], string> = {
  'no-key': 'No recovery key was found. Paste the key that starts with 0x (66 characters), or choose your kit file.',
  'another-account': 'This recovery key belongs to another savings account. Check that it is the kit for this account.',
};

/**
 * The recovery key in what the saver pasted or the kit file's text, checked against the account's
 * recovery owner by address: the key never leaves this browser.
 */
export function readRecoveryKey(text: string, recoveryOwner: string): RecoveryKeyCheck {
  const match = PRIVATE_KEY.exec(text.replace(/\s+/g, ''));
  if (!match) return { ok: false, problem: 'no-key' };
  const privateKey = match[0].toLowerCase() as `0x${string}`;
  let address: string;
  try {
    address = privateKeyToAccount(privateKey).address;
  } catch {
    return { ok: false, problem: 'no-key' };
  }
  if (address.toLowerCase() !== recoveryOwner.toLowerCase()) return { ok: false, problem: 'another-account' };
  return { ok: true, privateKey };
}
