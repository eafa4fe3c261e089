import type * as WebAuthnBrowser from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { PasskeySummary, SessionUser } from '@keel/core/auth-api';
import { getPasskeyRegistrationOptions, getPasskeySignInOptions, savePasskey, verifyPasskeySignIn } from '~/lib/auth-client';

/**
 * The browser half of a passkey: the server's WebAuthn options handed to the
 * device through @simplewebauthn/browser (loaded only when a passkey button is
 * pressed), and the device's answer sent back for the server to check.
 */

export const PASSKEY_CANCELLED = 'The passkey request was cancelled or timed out. Please try again.';
export const PASSKEYS_UNSUPPORTED = 'This browser cannot use passkeys. Please sign in with your password.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCreationOptions(value: unknown): value is PublicKeyCredentialCreationOptionsJSON {
  return isRecord(value) && typeof value.challenge === 'string' && isRecord(value.rp) && isRecord(value.user);
}

function isRequestOptions(value: unknown): value is PublicKeyCredentialRequestOptionsJSON {
  return isRecord(value) && typeof value.challenge === 'string';
}

/** A failure the device reports (cancelled, timed out, no passkey) in words a saver understands. */
export class PasskeyCeremonyError extends Error {}

async function onDevice<T>(run: (browser: typeof WebAuthnBrowser) => Promise<T>): Promise<T> {
  const browser = await import('@simplewebauthn/browser');
  if (!browser.browserSupportsWebAuthn()) throw new PasskeyCeremonyError(PASSKEYS_UNSUPPORTED);
  try {
    return await run(browser);
  } catch (error) {
    if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
      throw new PasskeyCeremonyError(PASSKEY_CANCELLED);
    }
    if (error instanceof Error && error.name === 'InvalidStateError') {
      throw new PasskeyCeremonyError('This device already holds a passkey for your Keel account.');
    }
    throw error;
  }
}

/** Creates a passkey on this device for the signed-in saver and stores it under `name`. */
export async function addPasskeyOnThisDevice(name: string): Promise<PasskeySummary> {
  const options = await getPasskeyRegistrationOptions(name);
  if (!isCreationOptions(options)) throw new PasskeyCeremonyError('Keel could not start adding a passkey. Please try again.');
  const response = await onDevice((browser) => browser.startRegistration({ optionsJSON: options }));
  return (await savePasskey({ response, name })).passkey;
}

/** Signs in with a passkey the device holds for Keel. */
export async function signInWithPasskeyOnThisDevice(): Promise<SessionUser> {
  const options = await getPasskeySignInOptions();
  if (!isRequestOptions(options)) throw new PasskeyCeremonyError('Keel could not start a passkey sign-in. Please try again.');
  const response = await onDevice((browser) => browser.startAuthentication({ optionsJSON: options }));
  return (await verifyPasskeySignIn(response)).user;
}
