import { expect, test } from '@playwright/test';
import { expectToast } from './support/auth-ui';
import { depositToVault } from './support/chain';
import { newAccountWithLinkedWallet } from './support/linked-wallet';
import { amountsOf, depositThroughDialog, openDeposit, transfers, USDC } from './support/transfer-journeys';

test.describe('deposits on chain', () => {
  test('deposit 25 into Everyday Cash: exact USDC out, shares in, no allowance left, the dashboard shows it', async ({
    page,
  }) => {
    test.slow();
    // The deposit's transaction waits until the test has seen the approval's explorer link: on a fast chain
    // both steps were mined and the dialog closed before the link was looked for (a CI run, 28 Nov).
    let releaseDeposit = () => {};
    const depositHeld = new Promise<void>((resolve) => {
      releaseDeposit = resolve;
    });
    let sends = 0;
    const { wallet } = await newAccountWithLinkedWallet(page, {
      fund: { usdc: '100', eth: '1' },
      beforeSend: async () => {
        sends += 1;
        if (sends === 2) await depositHeld;
      },
    });
    const chain = await amountsOf(wallet);
    const usdcBefore = await chain.usdc();
    const sharesBefore = await chain.shares('everydayCash');
    const expectedShares = await chain.previewDeposit('everydayCash', 25n * USDC);

    const dialog = await openDeposit(page, 'everyday-cash');
    await expect(dialog.getByTestId('deposit-usdc-balance')).toHaveText('$100.00 USDC');
    await dialog.getByLabel('Amount (USDC)').fill('25');
    // Shares received as the contract will round them, and a live fee (no L1 oracle on the local chain: said so).
    await expect(dialog.getByTestId('deposit-preview-shares')).toHaveText(/^[\d,.]+ shares$/);
    await expect(dialog.getByTestId('deposit-fee')).toHaveText(/~[\d.<\s]+ ETH/);
    await expect(dialog.getByText('Base L2 fee only')).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm Deposit' }).click();

    // Two steps: approve exactly 25, then deposit; each links to the explorer once submitted.
    const steps = dialog.getByTestId('transfer-steps');
    await expect(steps.getByText('1. Approve exactly 25.00 USDC')).toBeVisible();
    await expect(steps.getByText('2. Deposit 25.00 USDC into Everyday Cash')).toBeVisible();
    await expect(steps.getByRole('link', { name: /View transaction/ }).first()).toHaveAttribute(
      'href',
      /https:\/\/basescan\.org\/tx\/0x[0-9a-f]{64}/,
    );
    releaseDeposit();
    await expectToast(page, 'Deposit Initiated');
    await expectToast(page, 'Deposit Successful');
    await expect(dialog).toBeHidden();

    expect(usdcBefore - (await chain.usdc())).toBe(25n * USDC);
    expect((await chain.shares('everydayCash')) - sharesBefore).toBe(expectedShares);
    expect(expectedShares).toBeGreaterThan(0n);
    expect(await chain.allowance('everydayCash')).toBe(0n);
    expect(wallet.counts.sendRequests).toBe(2);

    // The dashboard reads the position from chain.
    await expect(page.getByTestId('onchain-value-everyday-cash')).toHaveText('$25.00');
    await expect(page.locator('[aria-labelledby="active-onchain-everyday-cash"]').getByText('On chain')).toBeVisible();
    await expect(page.getByTestId('stat-total-balance')).toHaveText('$25.00');

    // The server confirmed it from its own receipt check, with the vault event's amounts.
    await expect
      .poll(async () => (await transfers(page))[0], { timeout: 15_000 })
      .toMatchObject({ kind: 'deposit', status: 'confirmed', assets: String(25n * USDC), shares: String(expectedShares) });
  });

  test('a wallet with atomic batching approves and deposits in one EIP-5792 batch', async ({ page }) => {
    test.slow();
    const { wallet } = await newAccountWithLinkedWallet(page, { fund: { usdc: '40', eth: '1' }, atomic: 'supported' });
    const chain = await amountsOf(wallet);
    const sharesBefore = await chain.shares('smartSavings');
    const dialog = await depositThroughDialog(page, 'smart-savings', '30');
    await expect(dialog.getByTestId('transfer-steps').getByText('1. Approve and deposit 30.00 USDC in one batch')).toBeVisible();
    await expectToast(page, 'Deposit Successful');
    expect(wallet.counts.capabilityRequests).toBeGreaterThan(0);
    expect(wallet.counts.sendRequests).toBe(1);
    expect(await chain.usdc()).toBe(10n * USDC);
    expect(await chain.shares('smartSavings')).toBeGreaterThan(sharesBefore);
    expect(await chain.allowance('smartSavings')).toBe(0n);
  });

  test('a declined send changes nothing', async ({ page }) => {
    const { wallet } = await newAccountWithLinkedWallet(page, { fund: { usdc: '50', eth: '1' }, declineSend: true });
    const chain = await amountsOf(wallet);
    const dialog = await depositThroughDialog(page, 'everyday-cash', '20');
    await expectToast(page, 'Deposit cancelled in your wallet');
    // Back on the form, nothing sent, nothing moved.
    await expect(dialog.getByRole('button', { name: 'Confirm Deposit' })).toBeEnabled();
    await expect(dialog.getByLabel('Amount (USDC)')).toHaveValue('20');
    expect(wallet.counts.sendRequests).toBe(1);
    expect(await chain.usdc()).toBe(50n * USDC);
    expect(await chain.allowance('everydayCash')).toBe(0n);
    expect(await chain.shares('everydayCash')).toBe(0n);
    expect(await transfers(page)).toEqual([]);
  });

  test('the amount rules speak before any wallet request', async ({ page }) => {
    const { wallet } = await newAccountWithLinkedWallet(page, { fund: { usdc: '50', eth: '1' } });
    const dialog = await openDeposit(page, 'everyday-cash');
    await expect(dialog.getByTestId('deposit-usdc-balance')).toHaveText('$50.00 USDC');
    const amount = dialog.getByLabel('Amount (USDC)');
    const confirm = dialog.getByRole('button', { name: 'Confirm Deposit' });
    for (const [typed, message] of [
      ['60', 'Not enough USDC in this wallet'],
      ['9.99', 'Minimum deposit is $10'],
      ['10.1234567', 'Amount must be a number of USDC with at most 6 decimals (e.g. 1000.50)'],
      ['1e3', 'Amount must be a number of USDC with at most 6 decimals (e.g. 1000.50)'],
    ] as const) {
      await amount.fill(typed);
      await confirm.click();
      await expect(dialog.getByRole('alert').filter({ hasText: message })).toBeVisible();
      await expect(amount).toHaveAttribute('aria-invalid', 'true');
    }
    expect(wallet.counts.sendRequests).toBe(0);
  });

  test('a wallet without ETH on Base is told it needs some for the fee', async ({ page }) => {
    const { wallet } = await newAccountWithLinkedWallet(page, { fund: { usdc: '50' } });
    const dialog = await openDeposit(page, 'everyday-cash');
    await dialog.getByLabel('Amount (USDC)').fill('20');
    await dialog.getByRole('button', { name: 'Confirm Deposit' }).click();
    await expect(
      dialog.getByRole('alert').filter({ hasText: 'You need a little ETH on Base to pay the network fee' }),
    ).toBeVisible();
    expect(wallet.counts.sendRequests).toBe(0);
  });
});

test('a wallet on another network is asked to switch to Base before anything is sent', async ({ page }) => {
  const { wallet } = await newAccountWithLinkedWallet(page, { fund: { usdc: '50', eth: '1' }, chainId: 1, rejectSwitch: true });
  const dialog = await openDeposit(page, 'everyday-cash');
  await dialog.getByLabel('Amount (USDC)').fill('20');
  await expect(dialog.getByText('Your wallet is not on Base. Switch it to Base to continue.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm Deposit' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Switch to Base' }).click();
  await expectToast(page, 'Failed to switch to Base network');
  expect(wallet.counts.sendRequests).toBe(0);
});

test.describe('withdrawals on chain', () => {
  test('Max redeems every share: exactly 0 left, USDC back in the wallet', async ({ page }) => {
    test.slow();
    const { wallet } = await newAccountWithLinkedWallet(page, { fund: { eth: '1' } });
    await depositToVault('everydayCash', '40.5', wallet.address);
    const chain = await amountsOf(wallet);
    expect(await chain.shares('everydayCash')).toBeGreaterThan(0n);

    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Withdraw from Everyday Cash' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw USDC' });
    await expect(dialog.getByLabel('Vault')).toHaveValue('everyday-cash');
    await expect(dialog.getByTestId('withdraw-max')).toHaveText(/^\$40\.\d\d$/);
    // The vault's terms stay, labelled as such.
    await expect(dialog.getByText("The vault's terms")).toBeVisible();
    await expect(dialog.getByText('Instant', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Max' }).click();
    await expect(dialog.getByTestId('withdraw-receive')).toHaveText(/^40\.\d+ USDC$/);
    const receive = (await dialog.getByTestId('withdraw-receive').textContent())?.replace(' USDC', '') ?? '';
    await dialog.getByRole('button', { name: 'Confirm Withdrawal' }).click();
    // While it is being confirmed (2 blocks, about 2 s here) the step says Withdrawal Processing.
    await expect(dialog.getByTestId('transfer-steps')).toContainText('Withdrawal Processing');
    await expectToast(page, 'Withdrawal Initiated');
    await expectToast(page, 'Withdrawal Successful');
    await expect(dialog).toBeHidden();

    expect(await chain.shares('everydayCash')).toBe(0n);
    const [whole = '0', fraction = ''] = receive.split('.');
    expect(await chain.usdc()).toBe(BigInt(whole) * USDC + BigInt(fraction.padEnd(6, '0')));
    await expect(page.getByText('No deposits yet')).toBeVisible();
    await expect
      .poll(async () => (await transfers(page))[0], { timeout: 15_000 })
      .toMatchObject({ kind: 'withdraw', status: 'confirmed', shares: expect.any(String) });
  });

  test('a typed amount withdraws exactly that amount (withdraw(assets)) and keeps the rest invested', async ({ page }) => {
    test.slow();
    const { wallet } = await newAccountWithLinkedWallet(page, { fund: { eth: '1' } });
    await depositToVault('smartSavings', '20', wallet.address);
    const chain = await amountsOf(wallet);
    const sharesBefore = await chain.shares('smartSavings');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Withdraw from Smart Savings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw USDC' });
    await dialog.getByLabel('Amount (USDC)').fill('5');
    await expect(dialog.getByTestId('withdraw-receive')).toHaveText('5.00 USDC');
    await expect(dialog.getByText('Shares redeemed')).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm Withdrawal' }).click();
    await expectToast(page, 'Withdrawal Successful');
    expect(await chain.usdc()).toBe(5n * USDC);
    const sharesAfter = await chain.shares('smartSavings');
    expect(sharesAfter).toBeLessThan(sharesBefore);
    expect(sharesAfter).toBeGreaterThan(0n);
  });

  test('refuses more than the position can pay out', async ({ page }) => {
    const { wallet } = await newAccountWithLinkedWallet(page, { fund: { eth: '1' } });
    await depositToVault('smartSavings', '12', wallet.address);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Withdraw from Smart Savings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw USDC' });
    await expect(dialog.getByTestId('withdraw-max')).toHaveText(/^\$12\.\d\d$/);
    await dialog.getByLabel('Amount (USDC)').fill('12.5');
    await dialog.getByRole('button', { name: 'Confirm Withdrawal' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'More than you can withdraw from this vault' })).toBeVisible();
    expect(wallet.counts.sendRequests).toBe(0);
  });
});
