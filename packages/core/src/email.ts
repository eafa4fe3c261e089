import { EMAIL_MAX_LENGTH } from './constants.js';

export const SANITIZE_MESSAGES = {
  invalidType: 'Invalid input type',
  tooLong: `Input exceeds maximum length of ${EMAIL_MAX_LENGTH} characters`,
  malicious: 'Input contains potentially malicious content',
} as const;

const MALICIOUS_PATTERNS: readonly RegExp[] = [
  /<\s*\/?\s*script\b/i,
  /javascript\s*:/i,
  /data\s*:\s*text\/html/i,
  /vbscript\s*:/i,
  /\bon[a-z]+\s*=/i,
];

export type SanitizeResult = { ok: true; value: string } | { ok: false; message: string };

/**
 * The email sanitiser: type, length and injection checks, then angle
 * brackets stripped and the value trimmed. Used by the forms and the server.
 */
export function sanitizeEmailInput(input: unknown): SanitizeResult {
  if (typeof input !== 'string' || input.length === 0) {
    return { ok: false, message: SANITIZE_MESSAGES.invalidType };
  }
  if (input.length > EMAIL_MAX_LENGTH) {
    return { ok: false, message: SANITIZE_MESSAGES.tooLong };
  }
  if (MALICIOUS_PATTERNS.some((pattern) => pattern.test(input))) {
    return { ok: false, message: SANITIZE_MESSAGES.malicious };
  }
  return { ok: true, value: input.replace(/[<>]/g, '').trim() };
}

/** The simple email pattern: text, @, text, dot, text, no spaces. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailLike(value: string): boolean {
  return SIMPLE_EMAIL.test(value);
}

/** The two messages each form words its own way; the sanitiser's are fixed. */
export type EmailCopy = { required: string; invalid: string };

export type EmailProblem = 'required' | 'invalid' | 'unsafe';
export type ParsedEmail = { ok: true; email: string } | { ok: false; problem: EmailProblem; message: string };

/**
 * The one email rule, for every form, route and command: required, the
 * sanitiser, the simple pattern; the address comes back trimmed and lower-cased
 * (the only place an email is lower-cased).
 */
export function parseEmail(input: unknown, copy: EmailCopy): ParsedEmail {
  if (typeof input === 'string' && input.trim() === '') return { ok: false, problem: 'required', message: copy.required };
  const sanitized = sanitizeEmailInput(input);
  if (!sanitized.ok) return { ok: false, problem: 'unsafe', message: sanitized.message };
  if (sanitized.value === '') return { ok: false, problem: 'required', message: copy.required };
  if (!isEmailLike(sanitized.value)) return { ok: false, problem: 'invalid', message: copy.invalid };
  return { ok: true, email: sanitized.value.toLowerCase() };
}
