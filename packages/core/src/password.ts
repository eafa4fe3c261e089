import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';

export const STRENGTH_LABELS = ['Very Weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
export type StrengthLabel = (typeof STRENGTH_LABELS)[number];

export type PasswordChecks = {
  length: boolean;
  lowercase: boolean;
  uppercase: boolean;
  digit: boolean;
  symbol: boolean;
};

export function checkPassword(password: string): PasswordChecks {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    lowercase: /[a-z]/.test(password),
    uppercase: /[A-Z]/.test(password),
    digit: /\d/.test(password),
    symbol: /[^A-Za-z0-9]/.test(password),
  };
}

/** Sign-up meter: one point per check, 0-5. */
export function scorePassword(password: string): number {
  return Object.values(checkPassword(password)).filter(Boolean).length;
}

/** Score 0 and 1 both read Very Weak; 5 reads Strong. */
export function strengthLabel(score: number): StrengthLabel {
  const index = Math.min(Math.max(score - 1, 0), STRENGTH_LABELS.length - 1);
  return STRENGTH_LABELS[index] ?? 'Very Weak';
}

export const RESET_PASSWORD_RULE_MESSAGE =
  'Password must be at least 8 characters and contain at least 3 of: lowercase, uppercase, number, special character';

/** The reset page's rule: 8+ characters and at least 3 of the 5 checks. */
export function isStrongPassword(password: string): boolean {
  const checks = checkPassword(password);
  return checks.length && Object.values(checks).filter(Boolean).length >= 3;
}

export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  resetRule: RESET_PASSWORD_RULE_MESSAGE,
} as const;

/** A new account's password: required, 8+ characters, under the hasher's cap. The message, or null. */
export function checkNewPassword(password: string): string | null {
  if (password === '') return PASSWORD_MESSAGES.required;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  return null;
}

/** A password set from a reset link: the strength rule, under the hasher's cap. The message, or null. */
export function checkResetPassword(password: string): string | null {
  if (!isStrongPassword(password)) return PASSWORD_MESSAGES.resetRule;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  return null;
}
