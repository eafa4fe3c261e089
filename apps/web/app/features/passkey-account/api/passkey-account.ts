import type {
  AccountPasskey,
  PasskeyAccount,
  PasskeyChallenge,
  RegisterAccountPasskeyInput,
  RegisterPasskeyAccountInput,
} from '@keel/core/passkey-account';
import { api, readJson } from '~/lib/api-client';

/** POST /api/passkey-account/challenge: a single-use challenge to create the passkey with. */
export async function requestPasskeyChallenge(): Promise<PasskeyChallenge> {
  return readJson(await api['passkey-account'].challenge.$post());
}

/** POST /api/passkey-account: the server verifies the passkey and computes the account's address. */
export async function registerPasskeyAccount(input: RegisterPasskeyAccountInput): Promise<PasskeyAccount> {
  const body = await readJson(await api['passkey-account'].$post({ json: input }));
  return body.account;
}

/** POST /api/passkey-account/passkeys/challenge: a single-use challenge to make another passkey with. */
export async function requestAccountPasskeyChallenge(): Promise<PasskeyChallenge> {
  return readJson(await api['passkey-account'].passkeys.challenge.$post());
}

/** POST /api/passkey-account/passkeys: the server verifies the new passkey and records it, pending. */
export async function registerAccountPasskey(input: RegisterAccountPasskeyInput): Promise<AccountPasskey> {
  const body = await readJson(await api['passkey-account'].passkeys.$post({ json: input }));
  return body.passkey;
}

/** POST /api/passkey-account/passkeys/sync: the server reads the account's owners on Base and updates its passkeys. */
export async function syncAccountPasskeys(): Promise<PasskeyAccount> {
  const body = await readJson(await api['passkey-account'].passkeys.sync.$post());
  return body.account;
}
