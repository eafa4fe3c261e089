import { expect, test, type Page } from '@playwright/test';
import { signInAsNewAccount } from './support/accounts';
import { expectToast } from './support/auth-ui';
import { chainMissingReason } from './support/chain';
import { ETHEREUM_CHAIN_ID, FAKE_WALLET_NAME, installFakeWallet, type FakeWalletOptions } from './support/fake-wallet';
import { walletPanel } from './support/linked-wallet';

// These pages read the local chain; where anvil cannot run (macOS, ARM) the file skips, saying why.
test.skip(chainMissingReason() !== null, chainMissingReason() ?? '');

// wagmi shows the checksummed address: compare without case.
function shortAddress(address: string) {
  return new RegExp(`^${address.slice(0, 6)}\\.\\.\\.${address.slice(-4)}$`, 'i');
}

async function openVaultDashboard(page: Page, options: FakeWalletOptions = {}) {
  const wallet = await installFakeWallet(page, options);
  const account = await signInAsNewAccount(page);
  await page.goto('/vault-dashboard');
  await expect(page.getByRole('heading', { name: 'Your Vault Dashboard' })).toBeVisible();
  return { wallet, ...account };
}

async function linkedWallet(page: Page): Promise<string | null> {
  const response = await page.request.get('/api/wallet');
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { wallet: { walletAddress: string } | null };
  return body.wallet?.walletAddress ?? null;
}

test.describe('wallet panel', () => {
  test('connects the announced wallet, links it with a real signature, and never asks again on reconnect', async ({ page }) => {
    const { email, wallet } = await openVaultDashboard(page);
    const panel = walletPanel(page);
    await expect(panel.getByText(`Signed in as ${email}`)).toBeVisible();
    // The QR wallet is offered but disabled, with the reason.
    await expect(panel.getByRole('button', { name: 'WalletConnect (QR wallet)' })).toBeDisabled();
    await expect(panel.getByText('QR wallet unavailable: WalletConnect is not configured on this server')).toBeVisible();
    // The announced wallet appears once, by its own name (window.ethereum is the same wallet).
    await expect(panel.getByRole('button', { name: 'Browser wallet' })).toHaveCount(0);

    await panel.getByRole('button', { name: FAKE_WALLET_NAME }).click();
    await expect(panel.getByTestId('wallet-address')).toHaveText(shortAddress(wallet.address));
    await expect(panel.getByTestId('wallet-network')).toHaveText('Base Network');
    await expectToast(page, 'Wallet connected and saved');
    await expect(panel.getByTestId('wallet-link-state')).toHaveText('Linked to your account');
    expect(wallet.counts.signRequests).toBe(1);
    expect(await linkedWallet(page)).toBe(wallet.address.toLowerCase());

    const storage = await page.evaluate(() => ({
      recent: window.localStorage.getItem('wagmi.recentConnectorId'),
      connectedWallet: window.localStorage.getItem('connectedWallet'),
      requestedChains: window.localStorage.getItem('wagmi.requestedChains'),
    }));
    expect(storage.recent).toContain('test.keel.wallet');
    expect(storage.connectedWallet?.toLowerCase()).toBe(wallet.address.toLowerCase());
    expect(storage.requestedChains).toBe('[8453]');

    // Reload: the wallet reconnects on its own and is still linked, without a new signature.
    await page.reload();
    await expect(walletPanel(page).getByTestId('wallet-address')).toHaveText(shortAddress(wallet.address));
    await expect(walletPanel(page).getByTestId('wallet-link-state')).toHaveText('Linked to your account');
    // Connecting again by hand does not ask either.
    await walletPanel(page).getByRole('button', { name: 'Disconnect' }).click();
    await walletPanel(page).getByRole('button', { name: FAKE_WALLET_NAME }).click();
    await expect(walletPanel(page).getByTestId('wallet-link-state')).toHaveText('Linked to your account');
    expect(wallet.counts.signRequests).toBe(1);

    await walletPanel(page).getByRole('button', { name: 'Disconnect' }).click();
    await expect(walletPanel(page).getByRole('button', { name: FAKE_WALLET_NAME })).toBeEnabled();
  });

  test('a declined signature keeps the wallet connected but unlinked, with a button to try again', async ({ page }) => {
    const { wallet } = await openVaultDashboard(page, { declineSign: true });
    const panel = walletPanel(page);
    await panel.getByRole('button', { name: FAKE_WALLET_NAME }).click();
    await expectToast(page, 'Failed to save wallet data');
    await expect(panel.getByTestId('wallet-address')).toHaveText(shortAddress(wallet.address));
    await expect(panel.getByTestId('wallet-link-state')).toContainText('Not linked — sign to link this wallet');
    await expect(panel.getByTestId('wallet-link-error')).toHaveText('You declined the signature in your wallet.');
    expect(await linkedWallet(page)).toBeNull();

    // No balances for an unlinked wallet.
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByText('Not linked — sign to link this wallet')).toBeVisible();
    // Nothing to show is a dash with a hint, not $0.00.
    await expect(page.getByTestId('stat-total-balance')).toHaveText('—');
    expect((await (await page.request.get('/api/positions')).json()) as { positions: unknown[] }).toMatchObject({
      positions: [],
    });

    // Try again, and sign this time.
    wallet.set({ declineSign: false });
    await page.getByRole('region', { name: 'Active Vaults' }).getByRole('button', { name: 'Sign to link' }).click();
    await expectToast(page, 'Wallet connected and saved');
    await expect(page.getByText('No deposits yet')).toBeVisible();
    expect(await linkedWallet(page)).toBe(wallet.address.toLowerCase());
    expect(wallet.counts.signRequests).toBe(2);
  });

  test('the next account on the same browser does not inherit the wallet', async ({ page }) => {
    const { wallet } = await openVaultDashboard(page);
    await walletPanel(page).getByRole('button', { name: FAKE_WALLET_NAME }).click();
    await expect(walletPanel(page).getByTestId('wallet-link-state')).toHaveText('Linked to your account');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/sign-in/);

    // Someone else signs up and in on this browser; the wallet extension is still connected.
    await signInAsNewAccount(page);
    await page.goto('/vault-dashboard');
    const panel = walletPanel(page);
    await expect(panel.getByTestId('wallet-address')).toHaveText(shortAddress(wallet.address));
    await expect(panel.getByTestId('wallet-link-state')).toContainText('Not linked — sign to link this wallet');
    // Nothing was asked of the wallet on this account's behalf, and nothing is readable.
    expect(wallet.counts.signRequests).toBe(1);
    expect(await linkedWallet(page)).toBeNull();
    expect(await (await page.request.get('/api/deposits')).json()).toEqual({ deposits: [] });
    const named = await page.request.get(`/api/deposits?wallet=${wallet.address}`);
    expect(named.status()).toBe(404);
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByText('Not linked — sign to link this wallet')).toBeVisible();
  });

  test('a plain window.ethereum that gives no name shows as Browser wallet', async ({ page }) => {
    const { wallet } = await openVaultDashboard(page, { announce: false });
    const panel = walletPanel(page);
    await panel.getByRole('button', { name: 'Browser wallet' }).click();
    await expect(panel.getByTestId('wallet-address')).toHaveText(shortAddress(wallet.address));
    await expect(panel.getByTestId('wallet-link-state')).toHaveText('Linked to your account');
  });

  test('a wallet on another chain is switched to Base, then linked', async ({ page }) => {
    await openVaultDashboard(page, { chainId: ETHEREUM_CHAIN_ID });
    const panel = walletPanel(page);
    await panel.getByRole('button', { name: FAKE_WALLET_NAME }).click();
    await expectToast(page, 'Switched to Base network');
    await expect(panel.getByTestId('wallet-network')).toHaveText('Base Network');
    await expectToast(page, 'Wallet connected and saved');
  });

  test('a refused chain switch is reported and the other chain is named', async ({ page }) => {
    await openVaultDashboard(page, { chainId: ETHEREUM_CHAIN_ID, rejectSwitch: true });
    const panel = walletPanel(page);
    await panel.getByRole('button', { name: FAKE_WALLET_NAME }).click();
    await expectToast(page, 'Failed to switch to Base network');
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

    // The sample weeks sit inside the one Example data frame.
    const example = page.getByRole('region', { name: 'Example data' });
    await expect(example.getByText('Aug 11-15')).toBeVisible();
    await expect(example.getByText('Aug 4-8')).toBeVisible();
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
