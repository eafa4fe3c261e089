import type { Address } from '@keel/core/address';
import { SAFE_ACCOUNT_ADDRESSES, SAFE_OWNER_ABI } from '@keel/core/safe-account';
import { parseAbi } from 'viem';
import type { ChainClient } from '../../chain/chain-client.js';

const safeOwnerAbi = parseAbi(SAFE_OWNER_ABI);

/**
 * The Safe's owners as the chain lists them (lower-cased). Before its first operation deploys it,
 * the owners are the ones its address commits to: the first passkey (Safe's shared signer) and
 * the recovery key.
 */
export async function readSafeOwners(
  client: ChainClient,
  account: { address: Address; recoveryOwner: Address },
): Promise<Address[]> {
  const code = await client.getCode({ address: account.address });
  if (!code || code === '0x') {
    return [SAFE_ACCOUNT_ADDRESSES.webAuthnSharedSigner.toLowerCase() as Address, account.recoveryOwner];
  }
  const owners = await client.readContract({ address: account.address, abi: safeOwnerAbi, functionName: 'getOwners' });
  return owners.map((owner) => owner.toLowerCase() as Address);
}
