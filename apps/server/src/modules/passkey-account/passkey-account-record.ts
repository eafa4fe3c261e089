import type { PasskeyAccount } from '@keel/core/passkey-account';
import type { passkeyAccounts } from '../../db/schema.js';

type Row = typeof passkeyAccounts.$inferSelect;

/** A passkey_accounts row as the API answers it. */
export function toPasskeyAccount(row: Row): PasskeyAccount {
  return {
    address: row.address,
    credentialId: row.credentialId,
    publicKeyX: row.publicKeyX as `0x${string}`,
    publicKeyY: row.publicKeyY as `0x${string}`,
    recoveryOwner: row.recoveryOwner,
    verifier: row.verifier,
    createdAt: row.createdAt.toISOString(),
    isDeployed: row.deployedAt !== null,
  };
}
