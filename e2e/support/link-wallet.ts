import { expect, type Page } from '@playwright/test';
import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { appOrigin } from './accounts';

/**
 * Links the wallet of `privateKey` to the signed-in account of `page` exactly as
 * the browser does (ask for the EIP-4361 message, sign it, submit it), without
 * the wallet panel: specs about history only need a linked wallet.
 */
export async function linkWalletByApi(page: Page, privateKey: Hex): Promise<Address> {
  const account = privateKeyToAccount(privateKey);
  const headers = { origin: appOrigin() };
  const issued = await page.request.post('/api/wallet/link-message', { data: { walletAddress: account.address }, headers });
  expect(issued.status(), await issued.text()).toBe(200);
  const { message } = (await issued.json()) as { message: string };
  const signature = await account.signMessage({ message });
  const linked = await page.request.put('/api/wallet', { data: { message, signature }, headers });
  expect(linked.status(), await linked.text()).toBe(200);
  return account.address;
}
