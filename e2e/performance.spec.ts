import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Address } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { appOrigin, signInAsNewAccount } from './support/accounts';
import { expectToast } from './support/auth-ui';
import { chainMissingReason, depositToVault, mineBlocks } from './support/chain';
import { linkWalletByApi } from './support/link-wallet';
import { newAccountWithLinkedWallet } from './support/linked-wallet';

/** The server's default explorer (EXPLORER_URL is not set in the e2e environment). */
const EXPLORER = 'https://basescan.org';
/** The server indexes 2 blocks behind the head (CHAIN_CONFIRMATIONS default); mining them at once saves the wait. */
const CONFIRMATIONS = 2;

/** Signs up and links a fresh wallet (by signature), so the figures are this test's alone on the shared chain. */
async function signedInWithWallet(page: Page): Promise<Address> {
  await signInAsNewAccount(page);
  return linkWalletByApi(page, generatePrivateKey());
}

test.skip(chainMissingReason() !== null, chainMissingReason() ?? '');

test.describe('performance from chain history', () => {
  test('a real deposit appears in Recent Activity with its explorer link, in the chart and in the CSV', async ({ page }) => {
    test.slow();
    const address = await signedInWithWallet(page);
    const hash = await depositToVault('everydayCash', '250', address);
    await mineBlocks(CONFIRMATIONS);

    await page.goto('/performance');
    await expect(page.getByRole('heading', { name: 'Vault Performance', exact: true })).toBeVisible();
    const activity = page.getByRole('list', { name: 'Recent activity' });
    const row = activity.getByTestId('activity-row').filter({ hasText: 'Deposit' });
    // Indexed within CHAIN_POLL_MS, and the page re-reads every 10 s.
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await expect(row.getByText('+$250.00')).toHaveCSS('color', 'rgb(21, 128, 61)');
    await expect(row.getByText(/Everyday Cash ·/)).toBeVisible();
    // Sent straight to the vault, not through Keel's dialog: shown, and said so.
    await expect(row).toContainText('made outside Keel');
    await expect(row.getByRole('link', { name: /View transaction/ })).toHaveAttribute('href', `${EXPLORER}/tx/${hash}`);
    await expect(page.getByTestId('summary-total-deposits')).toHaveText('$250.00');

    // The chart: recharts draws an SVG with the balance line and the deposit's marker.
    const chart = page.getByTestId('performance-chart');
    await expect(chart.locator('svg path.recharts-line-curve')).toHaveCount(1);
    await expect(chart.locator('.recharts-scatter-symbol').first()).toBeVisible();
    expect(await chart.locator('.recharts-line-dots circle, .recharts-scatter-symbol').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Share price' }).click();
    await expect(chart.locator('svg path.recharts-line-curve')).toHaveCount(3);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Export CSV/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^keel-activity-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('date,type,vault,amount_usdc,shares,tx_hash,counterparty');
    // A vault deposit has no counterparty: the column is empty.
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`,Deposit,Everyday Cash,250\\.00,250,${hash},$`)));

    // Buttons' hover colour is not what is checked here: move the pointer away first.
    await page.mouse.move(0, 0);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);

    // The dark theme too, with the chart drawn (its legend and axis labels are text).
    await page.context().addCookies([{ name: 'keel-theme', value: 'dark', url: appOrigin() }]);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(chart.locator('svg path.recharts-line-curve')).toHaveCount(1);
    await page.mouse.move(0, 0);
    // axe leaves SVG text and recharts' legend to review: check their colours against the card by hand.
    const inks = await chart.evaluate((element) => {
      const legend = element.querySelector('.recharts-legend-item-text');
      const tick = element.querySelector('.recharts-cartesian-axis-tick-value');
      return {
        legend: legend ? getComputedStyle(legend).color : null,
        tick: tick ? getComputedStyle(tick).fill : null,
      };
    });
    // Light inks of the dark theme (chart-1 #2dd4bf, muted-foreground #a3b1c6), not the light theme's.
    expect(inks).toEqual({ legend: 'rgb(45, 212, 191)', tick: 'rgb(163, 177, 198)' });
    const dark = await new AxeBuilder({ page }).analyze();
    expect(dark.violations).toEqual([]);
  });

  test('a deposit through the deposit dialog shows in Recent Activity as sent from Keel', async ({ page }) => {
    test.slow();
    await newAccountWithLinkedWallet(page, { fund: { usdc: '100', eth: '1' } });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Deposit', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Deposit USDC' });
    await dialog.getByLabel('Vault').selectOption('smart-savings');
    await dialog.getByLabel('Amount (USDC)').fill('40');
    await expect(dialog.getByTestId('deposit-fee')).toHaveText(/~[\d.<\s]+ ETH/);
    await dialog.getByRole('button', { name: 'Confirm Deposit' }).click();
    await expectToast(page, 'Deposit Successful');
    await expect(dialog).toBeHidden();
    // The hash Keel recorded for the deposit (the server records the deposit step, not the approval).
    const recorded = await page.request.get('/api/transfers');
    const [transfer] = ((await recorded.json()) as { transfers: { txHash: string; kind: string }[] }).transfers;
    expect(transfer?.kind).toBe('deposit');

    await page.getByRole('link', { name: 'View Performance' }).click();
    await expect(page.getByRole('heading', { name: 'Vault Performance', exact: true })).toBeVisible();
    const row = page.getByRole('list', { name: 'Recent activity' }).getByTestId('activity-row').filter({ hasText: 'Deposit' });
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await expect(row).toContainText('sent from Keel');
    await expect(row.getByText('+$40.00')).toBeVisible();
    await expect(row.getByRole('link', { name: /View transaction/ })).toHaveAttribute(
      'href',
      `${EXPLORER}/tx/${transfer?.txHash}`,
    );
    await expect(page.getByTestId('summary-total-deposits')).toHaveText('$40.00');
  });
});
