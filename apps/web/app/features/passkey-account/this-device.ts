/**
 * Which savings accounts this browser made a passkey for. A browser cannot list the passkeys a
 * device holds, so this is only a hint: without it, the card offers the recovery kit.
 */
const STORAGE_KEY = 'keel:passkey-account:this-device';

function readAccounts(): string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

export function hasPasskeyOnThisDevice(accountAddress: string): boolean {
  if (typeof window === 'undefined') return false;
  return readAccounts().includes(accountAddress.toLowerCase());
}

export function rememberPasskeyOnThisDevice(accountAddress: string): void {
  try {
    const accounts = new Set(readAccounts()).add(accountAddress.toLowerCase());
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify([...accounts]));
  } catch {
    // Private browsing may refuse storage: the card then only offers the recovery kit again.
  }
}
