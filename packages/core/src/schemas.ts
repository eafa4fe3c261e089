import { z } from 'zod';
import { CONTACT_LIMITS, EMAIL_MAX_LENGTH, FULL_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';
import { isEmailLike, normalizeEmail, sanitizeEmailInput } from './email.js';

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

/** An email for the list forms: trimmed, lower-cased, simple pattern, injection-free. */
export const listEmailSchema = z
  .string({ error: 'Email required' })
  .max(EMAIL_MAX_LENGTH, `Input exceeds maximum length of ${EMAIL_MAX_LENGTH} characters`)
  .transform((value, context) => {
    // An empty field is "required", not the sanitiser's "invalid input type".
    if (value.trim() === '') {
      context.addIssue({ code: 'custom', message: 'Email required' });
      return z.NEVER;
    }
    const sanitized = sanitizeEmailInput(value.trim());
    if (!sanitized.ok) {
      context.addIssue({ code: 'custom', message: sanitized.message });
      return z.NEVER;
    }
    const email = normalizeEmail(sanitized.value);
    if (email === '') {
      context.addIssue({ code: 'custom', message: 'Email required' });
      return z.NEVER;
    }
    if (!isEmailLike(email)) {
      context.addIssue({ code: 'custom', message: INVALID_EMAIL_MESSAGE });
      return z.NEVER;
    }
    return email;
  });

export const subscribeSchema = z.strictObject({ email: listEmailSchema });
export type SubscribeInput = z.input<typeof subscribeSchema>;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const contactSchema = z.strictObject({
  name: requiredText('Name', CONTACT_LIMITS.name),
  email: listEmailSchema,
  subject: requiredText('Subject', CONTACT_LIMITS.subject),
  message: requiredText('Message', CONTACT_LIMITS.message),
});
export type ContactInput = z.input<typeof contactSchema>;

export const SIGN_UP_MESSAGES = {
  fullName: 'Full name is required',
  email: 'Email is required',
  emailInvalid: INVALID_EMAIL_MESSAGE,
  password: 'Password is required',
  passwordShort: 'Password must be at least 8 characters',
  mismatch: 'Passwords do not match',
  terms: 'You must agree to the terms and conditions',
} as const;

export const signUpFormSchema = z
  .object({
    fullName: z.string().trim().min(1, SIGN_UP_MESSAGES.fullName).max(FULL_NAME_MAX_LENGTH),
    email: z.string().trim().min(1, SIGN_UP_MESSAGES.email).refine(isEmailLike, SIGN_UP_MESSAGES.emailInvalid),
    password: z
      .string()
      .min(1, SIGN_UP_MESSAGES.password)
      .min(PASSWORD_MIN_LENGTH, SIGN_UP_MESSAGES.passwordShort)
      .max(PASSWORD_MAX_LENGTH),
    confirmPassword: z.string(),
    agreeToTerms: z.boolean().refine((value) => value, SIGN_UP_MESSAGES.terms),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: SIGN_UP_MESSAGES.mismatch,
  });
export type SignUpForm = z.infer<typeof signUpFormSchema>;

export const walletAddressSchema = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'Enter a valid wallet address (0x followed by 40 hex characters)')
  .transform((value) => value.toLowerCase());

/** POST /api/wallet/link-message: the address the user is about to sign for. */
export const linkMessageRequestSchema = z.strictObject({ walletAddress: walletAddressSchema });
export type LinkMessageRequest = z.input<typeof linkMessageRequestSchema>;

/** An EIP-4361 message is a few hundred characters; the cap keeps a hostile body small. */
const LINK_MESSAGE_MAX_LENGTH = 2_000;

/** PUT /api/wallet: the signed EIP-4361 message that proves the wallet is the user's. */
export const linkWalletSchema = z.strictObject({
  message: z.string().min(1, 'The signed message is missing').max(LINK_MESSAGE_MAX_LENGTH, 'The signed message is too long'),
  signature: z
    .string()
    .regex(/^0x(?:[0-9a-fA-F]{2}){1,4096}$/, 'The signature must be 0x-prefixed hex')
    .transform((value) => value as `0x${string}`),
});
export type LinkWalletInput = z.input<typeof linkWalletSchema>;

const tokenUnitsSchema = z.string().regex(/^\d{1,78}$/, 'Amounts are whole numbers of token units');

/**
 * POST /api/transfers: a transaction the browser just submitted. The server
 * checks the wallet is linked and the vault is one of Keel's, stores it as
 * pending, and decides confirmed/failed from its own receipt check.
 */
export const recordTransferSchema = z
  .strictObject({
    txHash: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, 'The transaction hash must be 0x followed by 64 hex characters')
      .transform((value) => value.toLowerCase() as `0x${string}`),
    kind: z.enum(['deposit', 'withdraw']),
    walletAddress: walletAddressSchema,
    vaultAddress: walletAddressSchema,
    requestedAssets: tokenUnitsSchema.optional(),
    requestedShares: tokenUnitsSchema.optional(),
  })
  .refine((input) => input.requestedAssets !== undefined || input.requestedShares !== undefined, {
    message: 'Say how much was requested (assets or shares)',
    path: ['requestedAssets'],
  });
export type RecordTransferInput = z.input<typeof recordTransferSchema>;
