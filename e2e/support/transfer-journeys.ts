import { expect, type Page } from '@playwright/test';
import { readChain } from './chain';
import type { FakeWallet } from './fake-wallet';

/** The transfer journeys' shared steps: the dialogs opened as a saver does, and what the server recorded. */

export const USDC = 1_000_000n;

export type TransferRow = {
  txHash: string;
  kind: string;
  status: string;
  assets: string | null;
  shares: string | null;
  failureReason: string | null;
};

export async function transfers(page: Page): Promise<TransferRow[]> {
  const response = await page.request.get('/api/transfers');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { transfers: TransferRow[] }).transfers;
}

export async function openDeposit(page: Page, vaultId: string) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Deposit', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Deposit USDC' });
  await dialog.getByLabel('Vault').selectOption(vaultId);
  return dialog;
}

export async function depositThroughDialog(page: Page, vaultId: string, amount: string) {
  const dialog = await openDeposit(page, vaultId);
  await dialog.getByLabel('Amount (USDC)').fill(amount);
  await expect(dialog.getByTestId('deposit-fee')).toHaveText(/~[\d.<\s]+ ETH/);
  await dialog.getByRole('button', { name: 'Confirm Deposit' }).click();
  return dialog;
}

export function amountsOf(wallet: FakeWallet) {
  return readChain(wallet.address);
}
