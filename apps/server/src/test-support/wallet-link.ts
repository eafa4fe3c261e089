import { expect } from 'vitest';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { TestApp } from './test-app.js';

export function requestLinkMessage(t: TestApp, cookie: string, walletAddress: string) {
  return t.app.request('/api/wallet/link-message', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t.config.appUrl, cookie },
    body: JSON.stringify({ walletAddress }),
  });
}

export function submitLink(t: TestApp, cookie: string, body: { message: string; signature: string }) {
  return t.app.request('/api/wallet', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: t.config.appUrl, cookie },
    body: JSON.stringify(body),
  });
}

/** Links the wallet of `privateKey` to the signed-in account the way the browser does: ask, sign, submit. */
export async function linkWallet(t: TestApp, cookie: string, privateKey: Hex): Promise<`0x${string}`> {
  const account = privateKeyToAccount(privateKey);
  const issued = await requestLinkMessage(t, cookie, account.address);
  expect(issued.status, await issued.clone().text()).toBe(200);
  const { message } = (await issued.json()) as { message: string };
  const signature = await account.signMessage({ message });
  const linked = await submitLink(t, cookie, { message, signature });
  expect(linked.status, await linked.clone().text()).toBe(200);
  return account.address.toLowerCase() as `0x${string}`;
}
