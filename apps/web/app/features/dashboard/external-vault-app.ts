import { BASE_CHAIN_ID } from '@keel/core/constants';

/** The third-party vault app the vault cards open; one place to change it. */
export const EXTERNAL_VAULT_APP_URL = `https://app.lagoon.finance/vault/${BASE_CHAIN_ID}/`;

export function externalVaultUrl(address: string): string {
  return `${EXTERNAL_VAULT_APP_URL}${address}`;
}
