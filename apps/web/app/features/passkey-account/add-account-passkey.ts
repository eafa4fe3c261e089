import type { PasskeyAccount, PasskeyChallenge } from '@keel/core/passkey-account';
import { registerAccountPasskey, requestAccountPasskeyChallenge, syncAccountPasskeys } from './api/passkey-account';
import { rememberPasskeyOnThisDevice } from './this-device';
import { createPasskey, type RegistrationCredential } from './webauthn';

export type ChainSettings = { rpcUrl: string; bundlerUrl: string; chainId: number; confirmations: number };

export type AddPasskeyStep = 'creating' | 'approving' | 'confirming';

/**
 * Adds a passkey made on this device to the savings account: the server verifies and records it
 * (pending), the account adds its signer as an owner in one operation approved by an existing
 * passkey or by the recovery key, and once that is on Base the server reads the owners and makes
 * it active.
 */
export async function addAccountPasskey(request: {
  account: PasskeyAccount;
  settings: ChainSettings;
  recoveryKey?: `0x${string}`;
  onStep: (step: AddPasskeyStep) => void;
  createCredential?: (challenge: PasskeyChallenge) => Promise<RegistrationCredential>;
}): Promise<PasskeyAccount> {
  const { account, settings } = request;
  request.onStep('creating');
  const challenge = await requestAccountPasskeyChallenge();
  const credential = await (request.createCredential ?? createPasskey)(challenge);
  const passkey = await registerAccountPasskey({ credential });
  request.onStep('approving');
  const operations = await import('~/lib/passkey-operations');
  const connected = await operations.connectPasskeyAccount({
    account,
    ...settings,
    ...(request.recoveryKey ? { recoveryKey: request.recoveryKey } : {}),
  });
  await operations.addPasskeyOwner(connected, {
    passkey,
    confirmations: settings.confirmations,
    onSubmitted: () => request.onStep('confirming'),
  });
  rememberPasskeyOnThisDevice(account.address);
  return syncAccountPasskeys();
}

/** Removes a passkey's owner from the account (approved by another passkey), then the server reads the owners. */
export async function removeAccountPasskey(request: {
  account: PasskeyAccount;
  settings: ChainSettings;
  signer: `0x${string}`;
}): Promise<PasskeyAccount> {
  const operations = await import('~/lib/passkey-operations');
  const connected = await operations.connectPasskeyAccount({ account: request.account, ...request.settings });
  await operations.removePasskeyOwner(connected, {
    signer: request.signer,
    confirmations: request.settings.confirmations,
    onSubmitted: () => undefined,
  });
  return syncAccountPasskeys();
}
