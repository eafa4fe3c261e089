import type { Address } from '@keel/core/address';
import { SAFE_ACCOUNT_SETTINGS } from '@keel/core/safe-account';
import { toSafeSmartAccount } from 'permissionless/accounts';
import { concatHex, type Hex } from 'viem';
import { toWebAuthnAccount } from 'viem/account-abstraction';
import type { ChainClient } from '../../chain/chain-client.js';

export type SafeOwners = {
  credentialId: string;
  publicKeyX: Hex;
  publicKeyY: Hex;
  recoveryOwner: Address;
};

/**
 * The counterfactual address of the passkey's Safe, computed here and never
 * taken from the browser: the settings (core's SAFE_ACCOUNT_SETTINGS) and both
 * owners are part of it. Reads the proxy factory's creation code once from the chain.
 */
export async function computeSafeAddress(client: ChainClient, owners: SafeOwners): Promise<Address> {
  const passkey = toWebAuthnAccount({
    credential: { id: owners.credentialId, publicKey: concatHex([owners.publicKeyX, owners.publicKeyY]) },
  });
  const account = await toSafeSmartAccount({
    ...SAFE_ACCOUNT_SETTINGS,
    client,
    owners: [passkey, { type: 'json-rpc', address: owners.recoveryOwner }],
  });
  return (await account.getAddress()).toLowerCase() as Address;
}
