import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useConnection, useConnectionEffect, useSignMessage } from 'wagmi';
import { BASE_CHAIN_ID } from '@keel/core/constants';
import { useSession } from '~/hooks/use-session';
import { ApiError } from '~/lib/api-client';
import { linkedWalletQueryOptions } from '~/lib/linked-wallet';
import { DEPOSITS_QUERY_KEY, HISTORY_QUERY_KEY, LINKED_WALLET_QUERY_KEY, POSITIONS_QUERY_KEY } from '~/lib/query-keys';
import { humanErrorMessage } from '~/lib/error-messages';
import { toast } from '~/lib/toast';
import { isUserRejection, readableError } from '~/lib/wallet-errors';
import type { WalletLinkStatus } from '~/lib/wallet-state';
import { requestLinkMessage, submitLink } from '../api/wallet-link';
import { forgetConnectedWallet, rememberConnectedWallet } from '../wallet-storage';
import { useSwitchToBase } from './use-switch-to-base';

const DECLINED = 'You declined the signature in your wallet.';

/**
 * Connections already handled in this page load. Module-level because every
 * protected page mounts its own provider, and a page change must not switch,
 * ask or toast for the same wallet again.
 */
const handledConnections = new Set<string>();

/**
 * Set when the user presses a connect button: that connection asks for the
 * link signature at once. The silent reconnect of a reload, or the wallet left
 * connected by another account on this browser, only shows the "Not linked"
 * state with a button: a signature is never requested without a user's action.
 */
let userStartedConnection = false;

export function noteUserConnection(isStarting: boolean): void {
  userStartedConnection = isStarting;
}

function forgetConnections(): void {
  handledConnections.clear();
  forgetConnectedWallet();
}

export type WalletLink = { linkStatus: WalletLinkStatus; linkError: string | null; requestLink: () => void };

/**
 * On connection with a signed-in user, switch to Base
 * when on another chain, then link the wallet by signing an EIP-4361 message
 * the server issued — unless this wallet is already the account's linked one.
 * Toasts: 'Wallet connected and saved' only after a verified link, 'Failed to
 * save wallet data' otherwise.
 */
export function useWalletLink(): WalletLink {
  const { user } = useSession();
  const { status, address, chainId } = useConnection();
  const { switchToBase } = useSwitchToBase();
  const { signMessageAsync } = useSignMessage();
  const queryClient = useQueryClient();
  const userId = user?.id;
  const linked = useQuery({ ...linkedWalletQueryOptions(), enabled: Boolean(userId) });
  const [attempt, setAttempt] = useState<{ address: string; isLinking: boolean; error: string | null } | null>(null);

  useConnectionEffect({ onDisconnect: forgetConnections });

  const link = useCallback(
    async (walletAddress: `0x${string}`) => {
      setAttempt({ address: walletAddress, isLinking: true, error: null });
      try {
        const message = await requestLinkMessage(walletAddress);
        const signature = await signMessageAsync({ account: walletAddress, message });
        const wallet = await submitLink(message, signature);
        queryClient.setQueryData(LINKED_WALLET_QUERY_KEY, wallet);
        setAttempt(null);
        toast.success('Wallet connected and saved');
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: DEPOSITS_QUERY_KEY }),
          queryClient.invalidateQueries({ queryKey: POSITIONS_QUERY_KEY }),
          queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY }),
        ]);
      } catch (error) {
        const reason = isUserRejection(error)
          ? DECLINED
          : error instanceof ApiError
            ? humanErrorMessage(error, readableError(error))
            : readableError(error);
        console.error('Failed to save wallet data', error);
        toast.error('Failed to save wallet data', { description: reason });
        setAttempt({ address: walletAddress, isLinking: false, error: reason });
      }
    },
    [queryClient, signMessageAsync],
  );

  useEffect(() => {
    if (status !== 'connected' || !address || !userId) return;
    const key = `${userId}:${address.toLowerCase()}`;
    if (handledConnections.has(key)) return;
    handledConnections.add(key);
    rememberConnectedWallet(address, [BASE_CHAIN_ID]);
    const isUserStarted = userStartedConnection;
    userStartedConnection = false;

    void (async () => {
      if (chainId !== BASE_CHAIN_ID) await switchToBase();
      const current = await queryClient.fetchQuery({ ...linkedWalletQueryOptions(), staleTime: 0 }).catch((error: unknown) => {
        console.error('Failed to read the linked wallet', error);
        return null;
      });
      if (current?.walletAddress === address.toLowerCase()) {
        // Already this account's: reconnecting never asks again.
        if (isUserStarted) toast.success('Wallet connected and saved');
        return;
      }
      if (isUserStarted) await link(address);
    })();
    // chainId is read once per connection on purpose: a later chain change is
    // not a new connection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, address, userId, switchToBase, queryClient, link]);

  const requestLink = useCallback(() => {
    if (address) void link(address);
  }, [address, link]);

  const isThisAddress = (value: string | null | undefined) => Boolean(address && value === address.toLowerCase());
  let linkStatus: WalletLinkStatus;
  if (attempt?.isLinking && attempt.address === address) linkStatus = 'linking';
  else if (linked.isLoading) linkStatus = 'checking';
  else linkStatus = isThisAddress(linked.data?.walletAddress) ? 'linked' : 'unlinked';

  return {
    linkStatus,
    linkError: attempt && attempt.address === address ? attempt.error : null,
    requestLink,
  };
}
