import { useQuery } from '@tanstack/react-query';
import { publicConfigQueryOptions } from '~/lib/public-config';
import type { ChainSettings } from './add-account-passkey';

/** Where the account's operations go (from /api/config), or null while loading or switched off. */
export function useChainSettings(): ChainSettings | null {
  const config = useQuery(publicConfigQueryOptions());
  const settings = config.data;
  const bundlerUrl = settings?.passkeyAccount.bundlerUrl;
  if (!settings || !bundlerUrl) return null;
  return {
    rpcUrl: settings.baseRpcUrl,
    bundlerUrl,
    chainId: settings.passkeyAccount.chainId,
    confirmations: settings.chainConfirmations,
  };
}
