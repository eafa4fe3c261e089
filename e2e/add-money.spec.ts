import { expect, test } from '@playwright/test';
import { expectToast } from './support/auth-ui';
import { chainMissingReason, mineBlocks, readChain, sendUsdc } from './support/chain';
import { newAccountWithLinkedWallet } from './support/linked-wallet';
import { waitForMail } from './support/mailbox';

test.skip(chainMissingReason() !== null, chainMissingReason() ?? '');

test('money in: the address to send to, USDC arriving from an exchange shows as Received and Ready to deposit, then goes into a vault', async ({
  page,
}) => {
  test.slow();
  // Gas for the saver's own deposit later; no USDC yet.
  const { wallet, email } = await newAccountWithLinkedWallet(page, { fund: { eth: '1' } });

  // Where to send it: the linked wallet's address in full, its QR code, the network and the warning.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByTestId('ready-to-deposit')).toHaveCount(0);
  await page.getByRole('link', { name: 'Add money' }).first().click();
  await expect(page).toHaveURL(/\/add-money$/);
  await expect(page.getByRole('heading', { name: 'Add money', level: 1 })).toBeVisible();
  await expect(page.getByTestId('saving-address')).toHaveText(wallet.address);
  await expect(page.getByTestId('saving-address-network')).toHaveText('Base (chain 8453)');
  await expect(page.getByTestId('add-money-warning')).toHaveText(
    'Send only USDC on Base. Other tokens, or USDC on another network, can be lost.',
  );
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();

  // 40 USDC arrives with a plain transfer from another address, as a withdrawal from an exchange would.
  const sender = await sendUsdc(wallet.address, '40');
  await mineBlocks(2);

  // The balance is read from the chain: "Ready to deposit" at once.
  await page.goto('/dashboard');
  await expect(page.getByTestId('ready-to-deposit-amount')).toHaveText('$40.00');

  // The indexer records the transfer: "Received", from the sender, +$40.00, in Recent Activity.
  const received = page.getByTestId('activity-row').filter({ hasText: 'Received' });
  await expect
    .poll(
      async () => {
        await page.goto('/performance');
        await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
        return received.count();
      },
      { timeout: 45_000, intervals: [1_000, 2_000, 3_000] },
    )
    .toBe(1);
  // The sender shortened to its first 6 and last 4 characters (the case the server keeps aside).
  await expect(received).toContainText(new RegExp(`From ${sender.slice(0, 6)}\\.\\.\\.${sender.slice(-4)}`, 'i'));
  await expect(received).toContainText('+$40.00');
  // And in the balance chart: the 40 as a "Ready to deposit" line beside the vaults' balance, its arrival marked.
  const chart = page.getByTestId('performance-chart');
  await expect(chart).toHaveAccessibleName(/Ready to deposit from .+ to \$40\.00 on .+, with 1 received and 0 sent marked\.$/);
  await expect(chart.locator('svg path.recharts-line-curve')).toHaveCount(2);
  await expect(chart.locator('.recharts-legend-item-text', { hasText: 'Ready to deposit' })).toBeVisible();
  await expect(chart.locator('.recharts-legend-item-text', { hasText: 'Received' })).toBeVisible();

  // And the saver is told by email, from the indexed transfer: the amount, who sent it, the transaction.
  const mail = await waitForMail(email, /^You received 40\.00 USDC$/, { timeoutMs: 30_000 });
  expect(mail.text).toContain(`It was sent from ${sender.toLowerCase()}.`);
  expect(mail.links.some((link) => link.includes('/tx/0x'))).toBe(true);
  expect(mail.links.some((link) => link.includes('/unsubscribe?token='))).toBe(true);

  // Deposit from "Ready to deposit": the whole 40 goes into Everyday Cash, and nothing is left waiting.
  await page.goto('/dashboard');
  await page.getByTestId('ready-to-deposit').getByRole('button', { name: 'Deposit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deposit USDC' });
  await expect(dialog.getByTestId('deposit-usdc-balance')).toHaveText('$40.00 USDC');
  await dialog.getByLabel('Vault').selectOption('everyday-cash');
  await dialog.getByLabel('Amount (USDC)').fill('40');
  await dialog.getByRole('button', { name: 'Confirm Deposit' }).click();
  await expectToast(page, 'Deposit Successful');
  await expect(page.getByTestId('ready-to-deposit')).toHaveCount(0);
  const chain = await readChain(wallet.address);
  expect(await chain.usdc()).toBe(0n);
  expect(await chain.shares('everydayCash')).toBeGreaterThan(0n);
});
