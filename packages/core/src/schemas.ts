import { z } from 'zod';
import { CONTACT_LIMITS, FULL_NAME_MAX_LENGTH } from './constants.js';
import { parseAddress, type Address } from './address.js';
import { AUTH_EMAIL_COPY } from './auth-messages.js';
import { parseEmail, type EmailCopy } from './email.js';
import { parsePositiveUsdc } from './money.js';
import { checkNewPassword, checkResetPassword, PASSWORD_MESSAGES } from './password.js';
import { TRANSFER_KINDS } from './transfer-rules.js';

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

/** The one email rule (parseEmail) as a zod transform, with the copy of the form it serves. */
function toEmail(copy: EmailCopy) {
  return (value: unknown, context: z.RefinementCtx): string => {
    const parsed = parseEmail(value, copy);
    if (parsed.ok) return parsed.email;
    context.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  };
}

/** An email for the list forms (waitlist, newsletter, contact); a missing one is "required". */
export const listEmailSchema = z
  .string({ error: 'Email required' })
  .transform(toEmail({ required: 'Email required', invalid: INVALID_EMAIL_MESSAGE }));

/** An email on the account routes; any other type gets the sanitiser's "Invalid input type". */
export const authEmailSchema = z.unknown().transform(toEmail(AUTH_EMAIL_COPY));

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
  fullNameTooLong: `Full name must be at most ${FULL_NAME_MAX_LENGTH} characters`,
  email: 'Email is required',
  emailInvalid: INVALID_EMAIL_MESSAGE,
  password: PASSWORD_MESSAGES.required,
  passwordShort: PASSWORD_MESSAGES.tooShort,
  mismatch: 'Passwords do not match',
  terms: 'You must agree to the terms and conditions',
} as const;

/** A display name: angle brackets stripped (it lands in mail), trimmed, required, capped. */
export const fullNameSchema = z
  .string({ error: SIGN_UP_MESSAGES.fullName })
  .transform((value) => value.replace(/[<>]/g, '').trim())
  .pipe(z.string().min(1, SIGN_UP_MESSAGES.fullName).max(FULL_NAME_MAX_LENGTH, SIGN_UP_MESSAGES.fullNameTooLong));

/** A zod string checked by one of password.ts's rules. */
function passwordSchema(check: (password: string) => string | null, missing: string) {
  return z.string({ error: missing }).check((context) => {
    const message = check(context.value);
    if (message) context.issues.push({ code: 'custom', message, input: context.value, continue: true });
  });
}

export const newPasswordSchema = passwordSchema(checkNewPassword, PASSWORD_MESSAGES.required);
export const resetPasswordSchema = passwordSchema(checkResetPassword, PASSWORD_MESSAGES.resetRule);

export const SIGN_UP_EMAIL_COPY: EmailCopy = { required: SIGN_UP_MESSAGES.email, invalid: SIGN_UP_MESSAGES.emailInvalid };

/**
 * The sign-up form. The email's sanitiser verdict is not a field message: it
 * shows as the sign-up error (a toast), so only "required" and "invalid" stop
 * the form here, and the submit handler runs parseEmail for the rest.
 */
export const signUpFormSchema = z
  .object({
    fullName: fullNameSchema,
    email: z.string().check((context) => {
      const parsed = parseEmail(context.value, SIGN_UP_EMAIL_COPY);
      if (!parsed.ok && parsed.problem !== 'unsafe') {
        context.issues.push({ code: 'custom', message: parsed.message, input: context.value, continue: true });
      }
    }),
    password: newPasswordSchema,
    confirmPassword: z.string(),
    agreeToTerms: z.boolean().refine((value) => value, SIGN_UP_MESSAGES.terms),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: SIGN_UP_MESSAGES.mismatch,
  });
export type SignUpForm = z.infer<typeof signUpFormSchema>;

/** An address by core's one rule (parseAddress), lower-cased, with the message of the place it is typed. */
export function addressSchema(message: string) {
  return z.string({ error: message }).transform((value, context): Address => {
    const address = parseAddress(value);
    if (address) return address;
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

export const walletAddressSchema = addressSchema('Enter a valid wallet address (0x followed by 40 hex characters)');

/** A positive USDC amount by core's one rule (parsePositiveUsdc), as micro-USDC. */
export const positiveUsdcSchema = z.string().transform((value, context): bigint => {
  const parsed = parsePositiveUsdc(value);
  if (parsed.ok) return parsed.micro;
  context.addIssue({ code: 'custom', message: parsed.message });
  return z.NEVER;
});

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

/** The largest amount an ERC-20 or ERC-4626 call can carry (2^256 − 1). */
const MAX_TOKEN_UNITS = 2n ** 256n - 1n;

const WHOLE_TOKEN_UNITS = /^\d{1,78}$/;

const tokenUnitsSchema = z
  .string()
  .regex(WHOLE_TOKEN_UNITS, 'Amounts are whole numbers of token units')
  // 78 digits reach past 2^256 − 1: such an amount could never have been sent on chain.
  // Zod runs this check after a failed regex too, hence the guard before BigInt().
  .refine(
    (value) => !WHOLE_TOKEN_UNITS.test(value) || BigInt(value) <= MAX_TOKEN_UNITS,
    'The amount is larger than any token amount on chain',
  );

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
    kind: z.enum(TRANSFER_KINDS),
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
