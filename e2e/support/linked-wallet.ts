import { expect, type Page } from '@playwright/test';
import { signInAsNewAccount } from './accounts';
import { FAKE_WALLET_NAME, installFakeWallet, type FakeWallet, type FakeWalletOptions } from './fake-wallet';

export function walletPanel(page: Page) {
  return page.locator('[aria-labelledby="wallet-panel-title"]');
}

/**
 * A new signed-in account whose wallet is connected and linked the way a user does
 * it: connect on the vault dashboard, sign the EIP-4361 message with the
 * wallet's real key.
 */
export async function newAccountWithLinkedWallet(
  page: Page,
  options: FakeWalletOptions = {},
): Promise<{ wallet: FakeWallet; email: string; password: string }> {
  const wallet = await installFakeWallet(page, options);
  const account = await signInAsNewAccount(page);
  await page.goto('/vault-dashboard');
  await walletPanel(page).getByRole('button', { name: FAKE_WALLET_NAME }).click();
  await expect(walletPanel(page).getByTestId('wallet-link-state')).toHaveText(/Linked to your account/);
  return { wallet, ...account };
}
