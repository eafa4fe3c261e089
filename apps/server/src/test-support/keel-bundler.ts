import { SAFE_ACCOUNT_SETTINGS } from '@keel/core/safe-account';
import { createPimlicoClient } from 'permissionless/clients/pimlico';
import { custom, http, type PublicClient } from 'viem';
import { createBundlerClient, createPaymasterClient, type SmartAccount } from 'viem/account-abstraction';
import type { TestApp } from './test-app.js';

/**
 * A bundler client for a passkey account as the browser makes one: the local bundler delivers, and
 * the paymaster is Keel's own endpoint, reached through the app with the saver's session cookie.
 */
export function keelBundlerClient(options: {
  app: TestApp;
  cookie: string;
  bundlerUrl: string;
  publicClient: PublicClient;
  account: SmartAccount;
}) {
  const { app } = options;
  const pimlico = createPimlicoClient({ transport: http(options.bundlerUrl), entryPoint: SAFE_ACCOUNT_SETTINGS.entryPoint });
  const paymaster = createPaymasterClient({
    transport: custom({
      request: async ({ method, params }: { method: string; params?: unknown }) => {
        const response = await app.app.request('/api/paymaster', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: app.config.appUrl, cookie: options.cookie },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        });
        const body = (await response.json()) as { result?: unknown; error?: { message: string } };
        if (body.error) throw new Error(body.error.message);
        return body.result;
      },
    }),
  });
  return createBundlerClient({
    account: options.account,
    client: options.publicClient,
    transport: http(options.bundlerUrl),
    paymaster,
    userOperation: { estimateFeesPerGas: async () => (await pimlico.getUserOperationGasPrice()).fast },
    pollingInterval: 100,
  });
}
