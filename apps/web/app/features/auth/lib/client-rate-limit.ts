import { takeAttempt } from '@keel/core/auth-attempts';
import { RATE_LIMITS } from '@keel/core/constants';

/**
 * Client-side limits (sign-in 5 per 15 minutes; sign-up and reset 3 per 30 minutes), per email, kept in localStorage. The server holds
 * the real limits; this layer answers at once without a round trip.
 */
export type ClientLimitAction = 'signIn' | 'signUp' | 'passwordReset';

const STORAGE_KEY = 'keel.authAttempts';

type AttemptStore = Record<string, number[]>;

function readStore(): AttemptStore {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const store: AttemptStore = {};
    for (const [key, value] of Object.entries(parsed)) {
      if (Array.isArray(value)) store[key] = value.filter((entry): entry is number => typeof entry === 'number');
    }
    return store;
  } catch {
    return {};
  }
}

function writeStore(store: AttemptStore): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(store));
  } catch {
    // Storage full or disabled: the server-side limit still applies.
  }
}

/** `email` as core's parseEmail returns it (trimmed, lower-cased): counted per address. */
const keyOf = (action: ClientLimitAction, email: string) => `${action}:${email}`;

/** Records an attempt and says whether it is within the limit. */
export function takeClientAttempt(action: ClientLimitAction, email: string, now = Date.now()): boolean {
  const store = readStore();
  const key = keyOf(action, email);
  const decision = takeAttempt(store[key] ?? [], now, RATE_LIMITS[action]);
  store[key] = decision.attempts;
  writeStore(store);
  return decision.allowed;
}

/** A successful sign-in or sign-up clears that email's counter. */
export function clearClientAttempts(action: ClientLimitAction, email: string): void {
  const key = keyOf(action, email);
  writeStore(Object.fromEntries(Object.entries(readStore()).filter(([entry]) => entry !== key)));
}
