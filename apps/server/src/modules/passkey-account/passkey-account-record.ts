import type { AccountPasskey, PasskeyAccount } from '@keel/core/passkey-account';
import type { passkeyAccountPasskeys, passkeyAccounts } from '../../db/schema.js';

type Row = typeof passkeyAccounts.$inferSelect;
type PasskeyRow = typeof passkeyAccountPasskeys.$inferSelect;

/** A passkey_account_passkeys row as the API answers it. */
export function toAccountPasskey(row: PasskeyRow): AccountPasskey {
  return {
    id: row.id,
    credentialId: row.credentialId,
    publicKeyX: row.publicKeyX as `0x${string}`,
    publicKeyY: row.publicKeyY as `0x${string}`,
    signer: row.signer,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    addedAt: row.addedAt?.toISOString() ?? null,
    removedAt: row.removedAt?.toISOString() ?? null,
  };
}

/** A passkey_accounts row and its passkeys (oldest first) as the API answers them. */
export function toPasskeyAccount(row: Row, passkeys: readonly PasskeyRow[]): PasskeyAccount {
  return {
    address: row.address,
    credentialId: row.credentialId,
    publicKeyX: row.publicKeyX as `0x${string}`,
    publicKeyY: row.publicKeyY as `0x${string}`,
    recoveryOwner: row.recoveryOwner,
    verifier: row.verifier,
    createdAt: row.createdAt.toISOString(),
    isDeployed: row.deployedAt !== null,
    passkeys: [...passkeys].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map(toAccountPasskey),
  };
}
