import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { appOrigin, signInAsNewAccount } from './support/accounts';
import { expectToast } from './support/auth-ui';
import { chainMissingReason, mineBlocks } from './support/chain';
import { FAKE_WALLET_NAME, installFakeWallet } from './support/fake-wallet';
import { walletPanel } from './support/linked-wallet';

test.skip(chainMissingReason() !== null, chainMissingReason() ?? '');

function step(page: Page, id: string) {
  return page.getByTestId('first-run').getByTestId(`first-run-step-${id}`);
}

async function expectNoAxeViolations(page: Page) {
  const light = await new AxeBuilder({ page }).analyze();
  expect(light.violations).toEqual([]);
  await page.context().addCookies([{ name: 'keel-theme', value: 'dark', url: appOrigin() }]);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByTestId('first-run')).toBeVisible();
  const dark = await new AxeBuilder({ page }).analyze();
  expect(dark.violations).toEqual([]);
  await page.context().clearCookies({ name: 'keel-theme' });
}

// The journey once, on a phone: the saver this is for. The checklist's layout at 360 and 1280 px, and that nothing
// painted moves, are dashboard-layout.spec.ts's; a new account's dashboard at 1280 px passes axe in both themes in
// app-shell.spec.ts, and a linked one's in vaults.spec.ts.
test.describe('first run at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the checklist ticks off after a real link and a real deposit, and the example week gives way to the real one', async ({
    page,
  }) => {
    test.slow();
    const wallet = await installFakeWallet(page, { fund: { usdc: '100', eth: '1' } });
    await signInAsNewAccount(page);
    await page.goto('/dashboard');

    // A new account: three open steps, dashes instead of $0.00 / 0.0%, the sample week framed as an example.
    await expect(page.getByRole('heading', { name: 'Get started in three steps' })).toBeVisible();
    for (const id of ['link-wallet', 'choose-vault', 'first-deposit'])
      await expect(step(page, id)).toHaveAttribute('data-state', 'todo');
    await expect(page.getByTestId('stat-total-balance')).toHaveText('—');
    await expect(page.getByTestId('stat-average-apy')).toHaveText('—');
    await expect(page.getByText('Appears after your first deposit')).toHaveCount(3);
    const example = page.getByRole('region', { name: 'Example data' });
    await expect(example.getByText('Example week: Aug 4-8')).toBeVisible();
    await expect(example.getByText('Not your money', { exact: true })).toBeVisible();

    // The estimate: exact maths at the target range, labelled as one.
    const checklist = page.getByTestId('first-run');
    await checklist.getByLabel('Amount (USDC)').fill('2500.50');
    await checklist.getByLabel('Vault').selectOption('smart-savings');
    await expect(checklist.getByTestId('first-run-estimate')).toHaveText('$175.04 – $300.06');
    await expect(checklist.getByText(/An estimate at Smart Savings's target range of 7-12% APY/)).toBeVisible();
    await checklist.getByLabel('Vault').selectOption('everyday-cash');
    await expectNoAxeViolations(page);

    // Step 1: connect and sign on the Vault Dashboard, as the step's button leads.
    await checklist.getByRole('link', { name: 'Connect Wallet' }).click();
    await expect(page).toHaveURL(/\/vault-dashboard$/);
    await walletPanel(page).getByRole('button', { name: FAKE_WALLET_NAME }).click();
    await expect(walletPanel(page).getByTestId('wallet-link-state')).toHaveText(/Linked to your account/);
    await page.goto('/dashboard');
    await expect(step(page, 'link-wallet')).toHaveAttribute('data-state', 'done');
    await expect(step(page, 'choose-vault')).toHaveAttribute('data-state', 'todo');

    // Steps 2 and 3: a real deposit through the dialog the checklist opens.
    await step(page, 'first-deposit').getByRole('button', { name: 'Deposit to Everyday Cash' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deposit USDC' });
    await expect(dialog.getByLabel('Vault')).toHaveValue('everyday-cash');
    // One balance in the dialog, and it is the wallet's real one (no sample $5,240.50 beside it).
    await expect(dialog.getByTestId('deposit-usdc-balance')).toHaveText('$100.00 USDC');
    await expect(dialog.getByText('$5,240.50')).toHaveCount(0);
    await dialog.getByLabel('Amount (USDC)').fill('25');
    await expect(dialog.getByTestId('deposit-fee')).toHaveText(/~[\d.<\s]+ ETH/);
    await dialog.getByRole('button', { name: 'Confirm Deposit' }).click();
    await expectToast(page, 'Deposit Successful');
    await expect(dialog).toBeHidden();
    expect(wallet.counts.sendRequests).toBe(2);

    await expect(step(page, 'choose-vault')).toHaveAttribute('data-state', 'done');
    await expect(step(page, 'first-deposit')).toHaveAttribute('data-state', 'done');
    await expect(page.getByRole('heading', { name: 'You are all set' })).toBeVisible();
    await expect(page.getByTestId('stat-total-balance')).toHaveText('$25.00');

    // Once the indexer has the deposit, the real week replaces the example; a new visit shows no checklist.
    await mineBlocks(2);
    await expect
      .poll(
        async () => {
          await page.reload();
          await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
          return page
            .getByTestId('recent-week-deposits')
            .textContent({ timeout: 5_000 })
            .catch(() => null);
        },
        { timeout: 45_000, intervals: [1_000, 2_000, 3_000] },
      )
      .toBe('$25.00');
    await expect(page.getByRole('region', { name: 'Example data' })).toHaveCount(0);
    await expect(page.getByTestId('first-run')).toHaveCount(0);
  });
});
