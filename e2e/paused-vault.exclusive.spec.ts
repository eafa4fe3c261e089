import { expect, test } from '@playwright/test';
import { expectToast } from './support/auth-ui';
import { setPaused } from './support/chain';
import { newAccountWithLinkedWallet } from './support/linked-wallet';
import { amountsOf, depositThroughDialog, openDeposit, transfers, USDC } from './support/transfer-journeys';

/**
 * Growth Reserve is paused here, a vault every other browser test may deposit into, so this file runs in the
 * "exclusive" project, after all the others (playwright.config.ts).
 */
test.describe.serial('a vault that reverts', () => {
  test.afterEach(async () => {
    await setPaused('growthReserve', false);
  });

  test('a deposit the vault would refuse fails in the simulation: reason shown, nothing sent', async ({ page }) => {
    const { wallet } = await newAccountWithLinkedWallet(page, { fund: { usdc: '50', eth: '1' } });
    await setPaused('growthReserve', true);
    const dialog = await openDeposit(page, 'growth-reserve');
    await dialog.getByLabel('Amount (USDC)').fill('15');
    await expect(dialog.getByText('This deposit would fail: Vault is paused.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm Deposit' }).click();
    const failed = dialog.getByTestId('transfer-failed');
    await expect(failed).toContainText('Deposit failed');
    await expect(failed).toContainText('Vault is paused.');
    await expect(failed).toContainText('Nothing was sent: no funds moved.');
    await expectToast(page, 'Deposit failed');
    expect(wallet.counts.sendRequests).toBe(0);
    expect(await (await amountsOf(wallet)).usdc()).toBe(50n * USDC);
  });

  test('a deposit that reverts on chain says "Deposit failed" with the reason and the transaction', async ({ page }) => {
    test.slow();
    let sends = 0;
    const { wallet } = await newAccountWithLinkedWallet(page, {
      fund: { usdc: '50', eth: '1' },
      // The vault pauses between the final simulation and the deposit transaction.
      beforeSend: async () => {
        sends += 1;
        if (sends === 2) await setPaused('growthReserve', true);
      },
    });
    const dialog = await depositThroughDialog(page, 'growth-reserve', '15');
    const failed = dialog.getByTestId('transfer-failed');
    await expect(failed).toContainText('Deposit failed', { timeout: 30_000 });
    await expect(failed).toContainText('Vault is paused.');
    await expect(failed.getByRole('link', { name: /View the transaction/ })).toHaveAttribute('href', /\/tx\/0x[0-9a-f]{64}$/);
    const chain = await amountsOf(wallet);
    expect(await chain.usdc()).toBe(50n * USDC);
    expect(await chain.shares('growthReserve')).toBe(0n);
    await expect
      .poll(async () => (await transfers(page))[0], { timeout: 15_000 })
      .toMatchObject({ kind: 'deposit', status: 'failed', failureReason: 'The transaction was reverted: Vault is paused.' });
  });
});
