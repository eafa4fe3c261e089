import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAsNewAccount } from './support/accounts';
import { chainMissingReason } from './support/chain';
import { formatUsd, summarizeDeposits, type DepositLike } from '../packages/core/src/money';
import { installFakeWallet } from './support/fake-wallet';
import { expectSignedInPage } from './support/hydration';
import { newAccountWithLinkedWallet } from './support/linked-wallet';
import { SEEDED_WALLET, SEEDED_WALLET_KEY, hasSeededDeposits, seededDeposits } from './support/seed-deposits';

// These pages read the local chain; where anvil cannot run (macOS, ARM) the file skips, saying why.
test.skip(chainMissingReason() !== null, chainMissingReason() ?? '');

async function signedIn(page: Page) {
  await installFakeWallet(page);
  await signInAsNewAccount(page);
}

test.describe('signed-in pages', () => {
  test('are guarded: a visitor goes to sign-in with next', async ({ page }) => {
    for (const path of ['/dashboard', '/vaults', '/vaults/smart-savings', '/performance', '/vault-dashboard']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/sign-in\\?next=${encodeURIComponent(path)}$`));
    }
  });

  test('Choose Your Vault: risk labels, a details link, comparison guide and a preselected deposit', async ({ page }) => {
    await newAccountWithLinkedWallet(page, { fund: { usdc: '100', eth: '1' } });
    await page.goto('/vaults');
    await expect(page.getByRole('heading', { name: 'Choose Your Vault' })).toBeVisible();
    await expect(page.getByText('Low Risk')).toBeVisible();
    await expect(page.getByText('Medium Risk')).toBeVisible();
    await expect(page.getByText('Higher Risk')).toBeVisible();
    await expect(page.getByText('Most Popular')).toBeVisible();

    const growth = page.locator('[aria-labelledby="vault-growth-reserve-title"]');
    // View Details opens the vault's own page.
    await expect(growth.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/vaults/growth-reserve');

    await page.getByRole('button', { name: 'View Comparison Guide' }).click();
    const guide = page.getByRole('dialog', { name: 'Vault Comparison Guide' });
    await expect(guide.getByRole('rowheader', { name: 'Smart Savings' })).toBeVisible();
    await expect(guide.getByRole('cell', { name: '0.25%' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(guide).toBeHidden();

    await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/support#contact');
    await expect(page.getByRole('link', { name: 'View all vaults' })).toHaveAttribute('href', '/vaults');

    await page.locator('[aria-labelledby="vault-smart-savings-title"]').getByRole('button', { name: 'Deposit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deposit USDC' });
    await expect(dialog.getByLabel('Vault')).toHaveValue('smart-savings');
    await expect(dialog.getByText('Min: $10')).toBeVisible();
    // The live balance of the wallet replaces the sample $5,240.50.
    await expect(dialog.getByTestId('deposit-usdc-balance')).toHaveText('$100.00 USDC');
    await expect(dialog.getByRole('option', { name: 'Ethereum (Coming Soon)' })).toBeDisabled();
    await expect(dialog.getByLabel('Amount (USDC)')).toHaveAttribute('inputmode', 'decimal');
    await expect(dialog.getByLabel('Amount (USDC)')).toHaveAttribute('type', 'text');

    await dialog.getByRole('button', { name: 'Confirm Deposit' }).click();
    // Under the field that is missing (the vault is preselected: the amount), not in a toast.
    await expect(dialog.getByLabel('Amount (USDC)')).toHaveAccessibleDescription(
      'Missing Information: Please select a vault and enter an amount',
    );
    await expect(dialog.getByLabel('Amount (USDC)')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Missing Information' })).toHaveCount(0);
    // With no vault chosen either, the vault says so and the amount gives its own rule.
    await dialog.getByLabel('Vault').selectOption('');
    await expect(dialog.getByLabel('Vault')).toHaveAccessibleDescription(
      'Missing Information: Please select a vault and enter an amount',
    );
    await expect(dialog.getByRole('alert').filter({ hasText: /^Enter an amount$/ })).toBeVisible();
  });

  test('Welcome Back: prompts for a wallet, and the transfer dialogs ask for one too', async ({ page }) => {
    await signedIn(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    // Nothing to show is a dash with a hint, not $0.00.
    await expect(page.getByTestId('stat-total-balance')).toHaveText('—');
    await expect(page.getByText('Last 30 days')).toBeVisible();
    await expect(page.getByText('Across all vaults')).toBeVisible();
    await expect(page.getByText('Connect a wallet to see your deposits')).toBeVisible();
    await expect(page.getByText('Example week: Aug 4-8')).toBeVisible();
    await expect(page.getByText(/monthly summary comes at the end of August/)).toBeVisible();

    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw USDC' });
    await expect(dialog.getByText('Connect your wallet to move money')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'View Performance' }).click();
    await expect(page).toHaveURL(/\/performance$/);
  });

  test('Welcome Back with a linked wallet and no deposits shows the empty state', async ({ page }) => {
    await newAccountWithLinkedWallet(page);
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByText('No deposits yet')).toBeVisible();
    // Nothing to show is a dash with a hint, not $0.00.
    await expect(page.getByTestId('stat-total-balance')).toHaveText('—');
    await expect(page.getByTestId('stat-average-apy')).toHaveText('—');
    await expect(page.getByText('Appears after your first deposit')).toHaveCount(3);
  });

  test('Vault Performance without a linked wallet: ranges and the empty state', async ({ page }) => {
    // The figures are chain history, not samples (e2e/performance.spec.ts covers the data).
    await signedIn(page);
    await page.goto('/performance');
    await expect(page.getByRole('heading', { name: 'Vault Performance', exact: true })).toBeVisible();
    const ranges = page.getByRole('group', { name: 'Time range' });
    await expect(ranges.getByRole('button', { name: '30 Days' })).toHaveAttribute('aria-pressed', 'true');
    await ranges.getByRole('button', { name: 'All Time' }).click();
    await expect(ranges.getByRole('button', { name: 'All Time' })).toHaveAttribute('aria-pressed', 'true');
    await expect(ranges.getByRole('button', { name: '30 Days' })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByText('Link a wallet to see your history')).toBeVisible();
    await expect(page.getByText('Sample data')).toHaveCount(0);
  });
});

test.describe('dashboard money', () => {
  test('totals, average APY and active vaults come from the connected wallet’s deposits', async ({ page }) => {
    // The global setup records these with the operator command before the server starts.
    expect(hasSeededDeposits()).toBe(true);
    const { wallet } = await newAccountWithLinkedWallet(page, { privateKey: SEEDED_WALLET_KEY });
    expect(wallet.address.toLowerCase()).toBe(SEEDED_WALLET);

    const response = await page.request.get(`/api/deposits?wallet=${SEEDED_WALLET}`);
    expect(response.status()).toBe(200);
    const { deposits } = (await response.json()) as { deposits: (DepositLike & { vault: string })[] };
    expect(deposits).toHaveLength(seededDeposits().length);
    const today = await page.evaluate(() => {
      const now = new Date();
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    });
    const summary = summarizeDeposits(deposits, today);

    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByTestId('stat-total-balance')).toHaveText(formatUsd(summary.totalBalance));
    expect(formatUsd(summary.totalBalance)).toBe('$3,750.75');
    await expect(page.getByTestId('stat-total-earnings')).toHaveText(formatUsd(summary.totalEarnings));
    await expect(page.getByTestId('stat-average-apy')).toHaveText(`${summary.averageApy}%`);
    await expect(page.locator('[aria-labelledby="active-Everyday Cash"]').getByText('Active')).toBeVisible();
    await expect(page.locator('[aria-labelledby="active-Everyday Cash"]').getByText('Recorded')).toBeVisible();
    await expect(page.getByText('On chain')).toHaveCount(0);
    await expect(page.locator('[aria-labelledby="active-Smart Savings"]').getByText('$2,500.00')).toBeVisible();

    await page.getByRole('button', { name: 'Withdraw from Smart Savings' }).click();
    await expect(page.getByRole('dialog', { name: 'Withdraw USDC' }).getByLabel('Vault')).toHaveValue('smart-savings');
  });
});

test.describe('accessibility', () => {
  test('the signed-in pages and the transfer dialogs have no axe violations', async ({ page }) => {
    test.slow();
    await newAccountWithLinkedWallet(page, { fund: { usdc: '50', eth: '1' } });
    const check = async (label: string) => {
      // Fading toasts and hover transitions are measured mid-animation: let them settle first.
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map(
          (violation) =>
            `${label}: ${violation.id} ${violation.nodes.map((node) => `${node.target.join(' ')} (${node.failureSummary ?? ''})`).join(', ')}`,
        ),
      ).toEqual([]);
    };
    await expect(page.getByTestId('secure-vault-data')).toBeVisible();
    await check('/vault-dashboard linked');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expectSignedInPage(page);
    // A linked wallet's facts answered: the checklist and the cards, not the loading block, are checked.
    await expect(page.getByTestId('stat-total-balance')).toBeVisible();
    await check('/dashboard');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByRole('dialog').getByLabel('Vault').selectOption('growth-reserve');
    await expect(page.getByRole('dialog').getByTestId('withdraw-max')).toHaveText('$0.00');
    await check('withdraw dialog');
    await page.goto('/vaults');
    await expect(page.getByRole('heading', { name: 'Choose Your Vault' })).toBeVisible();
    await expectSignedInPage(page);
    await check('/vaults');
    await page.getByRole('button', { name: 'Deposit' }).first().click();
    await expect(page.getByRole('dialog').getByTestId('deposit-usdc-balance')).toHaveText('$50.00 USDC');
    await page.getByRole('dialog').getByLabel('Amount (USDC)').fill('5');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm Deposit' }).click();
    await expect(page.getByRole('dialog').getByText('Minimum deposit is $10')).toBeVisible();
    await check('deposit dialog with an error');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'View Comparison Guide' }).click();
    await check('comparison dialog');
    await page.goto('/performance');
    await expect(page.getByRole('heading', { name: 'Vault Performance', exact: true })).toBeVisible();
    await expectSignedInPage(page);
    await check('/performance');
  });
});

test.describe('small screens', () => {
  test('the signed-in pages fit 375 px without horizontal scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signedIn(page);
    for (const [path, heading] of [
      ['/vault-dashboard', 'Your Vault Dashboard'],
      ['/dashboard', 'Welcome Back'],
      ['/vaults', 'Choose Your Vault'],
      ['/vaults/growth-reserve', 'Growth Reserve'],
      ['/performance', 'Vault Performance'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      // Measured on the page, not on the frame painted before it (/dashboard's has the same heading).
      await expectSignedInPage(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
