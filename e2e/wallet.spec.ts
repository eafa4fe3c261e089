import { expect, test, type Page } from '@playwright/test';
import { signUpAndVerify } from './support/accounts';
import { chainMissingReason } from './support/chain';
import {
  ETHEREUM_CHAIN_ID,
  FAKE_WALLET_ADDRESS,
  FAKE_WALLET_NAME,
  installFakeWallet,
  type FakeWalletOptions,
} from './support/fake-wallet';

// These pages read the local chain; where anvil cannot run (macOS, ARM) the file skips, saying why.
test.skip(chainMissingReason() !== null, chainMissingReason() ?? '');

// wagmi shows the checksummed address: compare without case.
const SHORT_ADDRESS = new RegExp(`^${FAKE_WALLET_ADDRESS.slice(0, 6)}\\.\\.\\.${FAKE_WALLET_ADDRESS.slice(-4)}$`, 'i');

async function openVaultDashboard(page: Page, wallet: FakeWalletOptions = {}) {
  await installFakeWallet(page, wallet);
  const account = await signUpAndVerify(page);
  await page.goto('/vault-dashboard');
  await expect(page.getByRole('heading', { name: 'Your Vault Dashboard' })).toBeVisible();
  return account;
}

function walletPanel(page: Page) {
  return page.getByRole('region', { name: 'Wallet Connection' }).or(page.locator('[aria-labelledby="wallet-panel-title"]'));
}

test.describe('wallet panel', () => {
  test('connects the announced wallet, shows it on Base and saves it for the account', async ({ page }) => {
    const { email } = await openVaultDashboard(page);
    const panel = walletPanel(page);
    await expect(panel.getByText(`Signed in as ${email}`)).toBeVisible();
    // The QR wallet is offered but disabled, with the reason.
    await expect(panel.getByRole('button', { name: 'WalletConnect (QR wallet)' })).toBeDisabled();
    await expect(panel.getByText('QR wallet unavailable: WalletConnect is not configured on this server')).toBeVisible();
    // The announced wallet appears once, by its own name (window.ethereum is the same wallet).
    await expect(panel.getByRole('button', { name: 'Injected' })).toHaveCount(0);

    await panel.getByRole('button', { name: FAKE_WALLET_NAME }).click();
    await expect(panel.getByTestId('wallet-address')).toHaveText(SHORT_ADDRESS);
    await expect(panel.getByTestId('wallet-network')).toHaveText('Base Network');
    await expect(page.getByText('Wallet connected and saved')).toBeVisible();

    const saved = await page.request.get('/api/wallet');
    expect(saved.status()).toBe(200);
    const body = (await saved.json()) as { wallet: { walletAddress: string; email: string } | null };
    expect(body.wallet?.walletAddress.toLowerCase()).toBe(FAKE_WALLET_ADDRESS);
    expect(body.wallet?.email).toBe(email);

    const storage = await page.evaluate(() => ({
      recent: window.localStorage.getItem('wagmi.recentConnectorId'),
      connectedWallet: window.localStorage.getItem('connectedWallet'),
      requestedChains: window.localStorage.getItem('wagmi.requestedChains'),
    }));
    expect(storage.recent).toContain('test.keel.wallet');
    expect(storage.connectedWallet?.toLowerCase()).toBe(FAKE_WALLET_ADDRESS);
    expect(storage.requestedChains).toBe('[8453]');

    // Reload: the wallet reconnects on its own.
    await page.reload();
    await expect(walletPanel(page).getByTestId('wallet-address')).toHaveText(SHORT_ADDRESS);

    await walletPanel(page).getByRole('button', { name: 'Disconnect' }).click();
    await expect(walletPanel(page).getByRole('button', { name: FAKE_WALLET_NAME })).toBeEnabled();
  });

  test('a plain window.ethereum shows as Injected', async ({ page }) => {
    await openVaultDashboard(page, { announce: false });
    const panel = walletPanel(page);
    await panel.getByRole('button', { name: 'Injected' }).click();
    await expect(panel.getByTestId('wallet-address')).toHaveText(SHORT_ADDRESS);
  });

  test('a wallet on another chain is switched to Base', async ({ page }) => {
    await openVaultDashboard(page, { chainId: ETHEREUM_CHAIN_ID });
    const panel = walletPanel(page);
    await panel.getByRole('button', { name: FAKE_WALLET_NAME }).click();
    await expect(page.getByText('Switched to Base network')).toBeVisible();
    await expect(panel.getByTestId('wallet-network')).toHaveText('Base Network');
    await expect(page.getByText('Wallet connected and saved')).toBeVisible();
  });

  test('a refused chain switch is reported and the other chain is named', async ({ page }) => {
    await openVaultDashboard(page, { chainId: ETHEREUM_CHAIN_ID, rejectSwitch: true });
    const panel = walletPanel(page);
    await panel.getByRole('button', { name: FAKE_WALLET_NAME }).click();
    await expect(page.getByText('Failed to switch to Base network')).toBeVisible();
    await expect(panel.getByTestId('wallet-network')).toHaveText('Ethereum');
    await expect(panel.getByRole('button', { name: 'Switch to Base' })).toBeVisible();
  });

  test('a rejected connection shows the error in red below the buttons', async ({ page }) => {
    await openVaultDashboard(page, { rejectConnect: true });
    const panel = walletPanel(page);
    await panel.getByRole('button', { name: FAKE_WALLET_NAME }).click();
    const error = panel.getByTestId('wallet-connect-error');
    await expect(error).toContainText('rejected');
    await expect(error).toHaveCSS('color', 'rgb(185, 28, 28)');
    await expect(panel.getByRole('button', { name: FAKE_WALLET_NAME })).toBeEnabled();
  });
});

test.describe('vault dashboard', () => {
  test('shows the live vault figures, the sample weeks and the external vault links', async ({ page }) => {
    const { email } = await openVaultDashboard(page);
    await expect(page.getByTestId('signed-in-email')).toHaveText(email);
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(page.getByText('real third-party vaults')).toBeVisible();

    const figures = page.getByTestId('secure-vault-data');
    await expect(figures).toBeVisible();
    await expect(figures.getByText('Everyday Cash', { exact: false })).toBeVisible();
    for (const label of ['Status', 'Total Net Asset Value', 'Total Gross Asset Value', 'Share Price']) {
      await expect(figures.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(figures.locator('dd').nth(2)).toHaveText(/^\$[\d,]+\.\d{2}$/);
    await expect(figures.locator('dd').nth(4)).toHaveText(/\d/);

    await expect(page.getByText('Aug 11-15')).toBeVisible();
    await expect(page.getByText('Aug 4-8')).toBeVisible();
    await page.getByRole('button', { name: /Hide weekly performance/ }).click();
    await expect(page.getByText('Aug 11-15')).toBeHidden();

    const links = page.getByRole('link', { name: /Open in external vault app/ });
    await expect(links).toHaveCount(3);
    const everydayCash = process.env.VAULT_EVERYDAY_CASH_ADDRESS?.toLowerCase() ?? '';
    await expect(links.first()).toHaveAttribute('href', `https://app.lagoon.finance/vault/8453/${everydayCash}`);
    await expect(links.first()).toHaveAttribute('target', '_blank');
    await expect(links.first()).toHaveAttribute('rel', 'noopener noreferrer');

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
  });
});
