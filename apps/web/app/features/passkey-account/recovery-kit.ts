import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

/**
 * The second owner of a passkey savings account: a key made in this browser,
 * shown once and never sent anywhere. Only its address goes to Keel.
 */
export type RecoveryKit = { privateKey: `0x${string}`; address: `0x${string}` };

/** How many of the key's last characters the saver types back to show they kept it. */
export const CONFIRM_CHARACTERS = 6;

export function createRecoveryKit(generate: () => `0x${string}` = generatePrivateKey): RecoveryKit {
  const privateKey = generate();
  return { privateKey, address: privateKeyToAccount(privateKey).address };
}

/** Whether what the saver typed is the key's last characters (spaces and letter case do not matter). */
export function isKitConfirmed(kit: RecoveryKit, typed: string): boolean {
  const answer = typed.replace(/\s+/g, '').toLowerCase();
  return answer.length === CONFIRM_CHARACTERS && kit.privateKey.toLowerCase().endsWith(answer);
}

/** Safe's own app, where the recovery key can use the account without Keel. */
export const SAFE_APP_URL = 'https://app.safe.global';

/** The kit as a text file and a printout: the key, and how to reach the money without Keel. */
export function recoveryKitText(kit: RecoveryKit, accountAddress: string | null): string {
  return [
    'KEEL SAVINGS ACCOUNT — RECOVERY KIT',
    '',
    'Keep this private and safe, on paper or offline if you can.',
    'Anyone who has the recovery key can move the money in your savings account.',
    'Keel never sees this key and cannot give it back to you if you lose it.',
    '',
    'Recovery key (a private key):',
    kit.privateKey,
    '',
    `Recovery key's address: ${kit.address}`,
    `Savings account address on Base: ${accountAddress ?? 'shown in Keel once your account is created — download the kit again then'}`,
    'Network: Base',
    '',
    'What it is for',
    '- If you lose the device with your passkey, this key can still use your savings account.',
    '',
    'If Keel is not available',
    '1. Import the recovery key into a wallet app that supports Base.',
    `2. Open Safe's app (${SAFE_APP_URL}), choose Base, and add your savings account by its address.`,
    '3. The recovery key is an owner of the account: you can move your money from there.',
    '',
  ].join('\n');
}
