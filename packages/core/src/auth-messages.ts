import type { AuthErrorCode } from './api-error.js';
import type { EmailCopy } from './email.js';

/**
 * Every user-facing account message, shared by the server (which
 * answers with them) and the web app (which shows them), so the two never drift.
 */
export const AUTH_MESSAGES = {
  signInRateLimited: 'Too many sign-in attempts. Please wait before trying again.',
  signUpRateLimited: 'Too many sign-up attempts. Please wait before trying again.',
  resetRateLimited: 'Too many password reset attempts. Please wait before trying again.',
  resendRateLimited: 'Too many verification emails requested. Please wait before trying again.',
  enterEmail: 'Please enter your email address',
  enterPassword: 'Please enter your password',
  invalidEmail: 'Please enter a valid email address',
  resetRequested: 'If an account exists with that email, a password reset link has been sent.',
  invalidResetLink: 'Invalid or expired reset link. Please request a new password reset.',
  resetGenericError: 'An error occurred. Please try again.',
  updatePasswordFailed: 'Failed to update password. Please try again.',
  passwordUpdated: 'Password updated successfully!',
  passwordsMatch: 'Passwords match',
  passwordsDoNotMatch: 'Passwords do not match',
  signUpFailed: 'Failed to create account. Please try again.',
  authenticationFailed: 'Authentication failed. Please try again.',
  authenticateFailed: 'Failed to authenticate. Please try again.',
  emailVerified: 'Email verified successfully!',
  verificationFailed: 'Email verification failed. The link may be expired or invalid.',
  verificationError: 'An error occurred during email verification.',
  resendFailed: 'Failed to resend verification email.',
  resendSent: 'Please check your email for a new verification link.',
  invalidOrigin: 'Invalid origin',
} as const;

/** Two-step sign-in and passkeys: the settings page, the second-step page and the server's answers. */
export const ACCOUNT_SECURITY_MESSAGES = {
  enterCode: 'Enter the 6-digit code from your authenticator app',
  enterBackupCode: 'Enter one of your backup codes, like ABCDE-12345',
  wrongCode: 'That code is not right. Check your authenticator app and try again.',
  wrongBackupCode: 'That backup code is not right, or it has already been used.',
  twoStepRateLimited: 'Too many codes tried. Please wait before trying again.',
  securityRateLimited: 'Too many security changes in a short time. Please wait before trying again.',
  twoStepExpired: 'This sign-in has expired. Please sign in with your password again.',
  twoStepAlreadyOn: 'Two-step sign-in is already on.',
  twoStepNotOn: 'Two-step sign-in is not on.',
  wrongPassword: 'That password is not right.',
  enterPasskeyName: 'Give this passkey a name, like "My phone"',
  passkeyNameTooLong: 'Keep the name under 50 characters',
  passkeySignInFailed: 'That passkey could not sign you in. Try again, or sign in with your password.',
  passkeyNotFound: 'That passkey is no longer on your account.',
} as const;

/** A passkey's name as the saver gives it: shown in the list on the settings page. */
export const PASSKEY_NAME_MAX_LENGTH = 50;

/** The email field's words on sign-in, reset request, resend and the server's auth routes. */
export const AUTH_EMAIL_COPY: EmailCopy = { required: AUTH_MESSAGES.enterEmail, invalid: AUTH_MESSAGES.invalidEmail };

/** The query values /auth/callback understands. */
export const AUTH_CALLBACK_TYPES = { signup: 'signup', recovery: 'recovery' } as const;

/** Better Auth's error code for a sign-in with an unverified email. */
export const EMAIL_NOT_VERIFIED_CODE = 'EMAIL_NOT_VERIFIED' satisfies AuthErrorCode;
