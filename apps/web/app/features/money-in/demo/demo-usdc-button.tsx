import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Coins } from 'lucide-react';
import type { Address } from '@keel/core/address';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { publicConfigQueryOptions } from '~/lib/public-config';
import { savingAddressesQueryOptions } from '~/lib/saving-addresses';
import { mintDemoUsdc } from './mint-demo-usdc';

/**
 * "Get 1,000 demo USDC", in `npm run demo`'s build only (it alone carries the demo wallet's key; every other
 * build has '' and shows nothing): play money for trying the passkey savings account without a wallet app.
 */
export function DemoUsdcButton({
  address,
  demoKey = __KEEL_DEMO_WALLET_KEY__,
}: {
  address: Address;
  demoKey?: '' | `0x${string}`;
}) {
  const config = useQuery(publicConfigQueryOptions());
  const queryClient = useQueryClient();
  const mint = useMutation({
    mutationFn: async () => {
      if (!demoKey || !config.data) throw new Error('The demo is not ready yet.');
      return mintDemoUsdc({ rpcUrl: config.data.baseRpcUrl, usdc: config.data.usdcAddress, to: address, privateKey: demoKey });
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: savingAddressesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['passkey-account-usdc'] }),
      ]);
    },
  });
  if (!demoKey) return null;
  return (
    <div className="flex flex-col items-start gap-1">
      <Button variant="secondary" disabled={mint.isPending || !config.data} onClick={() => mint.mutate()}>
        {mint.isPending ? <Spinner label="Getting demo USDC" /> : <Coins aria-hidden="true" />}
        Get 1,000 demo USDC
      </Button>
      <span className="text-xs text-muted-foreground" role="status">
        {mint.isSuccess
          ? '1,000 demo USDC arrived. It is play money on the demo chain.'
          : mint.isError
            ? 'The demo USDC could not be sent. Please try again.'
            : 'Play money on the demo chain, for trying Keel out.'}
      </span>
    </div>
  );
}
