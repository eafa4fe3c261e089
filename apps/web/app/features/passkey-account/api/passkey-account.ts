import type { PasskeyAccount, PasskeyChallenge, RegisterPasskeyAccountInput } from '@keel/core/passkey-account';
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
