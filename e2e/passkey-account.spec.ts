import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Address } from 'viem';
import { signInAsNewAccount } from './support/accounts';
import { expectToast, expectVisibleOrExplain, signInThroughUi } from './support/auth-ui';
import { seriousViolations } from './support/axe';
import { mintUsdc, readChain } from './support/chain';

const USDC = 1_000_000n;

/** Chromium's virtual authenticator: a passkey that answers at once, with user verification, like a device PIN. */
async function addVirtualPasskeyDevice(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send('WebAuthn.enable');
  await session.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function createPasskeyAccount(
  page: Page,
  options: { keepKitFile?: boolean; from?: Locator } = {},
): Promise<{ address: Address; kitFile: string | null }> {
  await (options.from ?? page).getByRole('button', { name: 'Create a savings account with a passkey' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create a savings account with a passkey' });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const kit = page.getByRole('dialog', { name: 'Keep your recovery kit' });
  const key = (await kit.getByTestId('recovery-key').textContent())?.trim() ?? '';
  expect(key.length).toBeGreaterThan(6);
  let kitFile: string | null = null;
  if (options.keepKitFile) {
    const download = page.waitForEvent('download');
    await kit.getByRole('button', { name: 'Download the kit' }).click();
    kitFile = await (await download).path();
  }
  await kit.getByLabel(/type the last 6 characters of your recovery key/).fill(key.slice(-6));
  await kit.getByRole('button', { name: 'Create my savings account' }).click();
  const ready = page.getByRole('dialog', { name: 'Your savings account is ready' });
  await expectVisibleOrExplain(page, ready, '"Your savings account is ready" dialog');
  const address = (await ready.getByTestId('passkey-account-address').textContent())?.trim() ?? '';
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await ready.getByRole('button', { name: 'Done' }).click();
  return { address: address as Address, kitFile };
}

/** Deposit from the passkey account into Everyday Cash, then withdraw Max, as a saver does on the dashboard. */
async function depositAndWithdrawAll(page: Page, amount: string) {
  await page.getByRole('button', { name: 'Deposit', exact: true }).filter({ visible: true }).first().click();
  const deposit = page.getByRole('dialog', { name: 'Deposit USDC' });
  await deposit.getByLabel('Vault').selectOption('everyday-cash');
  await deposit.getByLabel('Amount (USDC)').fill(amount);
  await deposit.getByRole('button', { name: 'Confirm Deposit' }).click();
  await expectToast(page, 'Deposit Successful');
  await page.getByRole('button', { name: 'Withdraw from Everyday Cash' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw USDC' });
  await withdraw.getByRole('button', { name: 'Max' }).click();
  await withdraw.getByRole('button', { name: 'Confirm Withdrawal' }).click();
  await expectToast(page, 'Withdrawal Successful');
}

test('a saver without a wallet app deposits into and withdraws from a vault with a passkey account', async ({ page }) => {
  test.slow();
  await addVirtualPasskeyDevice(page);
  await signInAsNewAccount(page);
  await page.goto('/dashboard');
  // From the first-run checklist: its first step is done by the account, as by a linked wallet.
  const firstStep = page.getByTestId('first-run-step-link-wallet');
  await expect(firstStep).toHaveAttribute('data-state', 'todo');
  const { address } = await createPasskeyAccount(page, { from: firstStep });
  await expect(firstStep).toHaveAttribute('data-state', 'done');
  const chain = await readChain(address);

  // Funded with USDC only: Keel's paymaster pays every network fee.
  await mintUsdc(address, '25');
  await page.reload();
  await page.getByRole('button', { name: 'Deposit', exact: true }).first().click();
  const deposit = page.getByRole('dialog', { name: 'Deposit USDC' });
  await expect(deposit).toContainText('from your savings account');
  await deposit.getByLabel('Vault').selectOption('everyday-cash');
  await deposit.getByLabel('Amount (USDC)').fill('25');
  await expect(deposit.getByTestId('deposit-usdc-balance')).toHaveText('$25.00 USDC');
  await expect(deposit.getByTestId('deposit-fee')).toHaveText('Paid by Keel');
  await deposit.getByRole('button', { name: 'Confirm Deposit' }).click();
  await expectToast(page, 'Deposit Successful');
  await expect(deposit).toBeHidden();
  expect(await chain.usdc()).toBe(0n);
  expect(await chain.shares('everydayCash')).toBeGreaterThan(0n);

  // The position is the passkey account's: Withdraw appears for it on the dashboard.
  await page.getByRole('button', { name: 'Withdraw from Everyday Cash' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw USDC' });
  await expect(withdraw.getByTestId('withdraw-max')).toHaveText(/^\$2[45]\.\d\d$/);
  await withdraw.getByRole('button', { name: 'Max' }).click();
  await expect(withdraw.getByTestId('withdraw-receive')).toHaveText(/^2[45]\.\d+ USDC$/);
  const receive = (await withdraw.getByTestId('withdraw-receive').textContent())?.replace(' USDC', '') ?? '';
  await withdraw.getByRole('button', { name: 'Confirm Withdrawal' }).click();
  await expectToast(page, 'Withdrawal Successful');
  await expect(withdraw).toBeHidden();

  expect(await chain.shares('everydayCash')).toBe(0n);
  const [whole = '0', fraction = ''] = receive.split('.');
  expect(await chain.usdc()).toBe(BigInt(whole) * USDC + BigInt(fraction.padEnd(6, '0')));
  const transfers = await page.request.get('/api/transfers');
  expect(((await transfers.json()) as { transfers: { kind: string }[] }).transfers.map((row) => row.kind)).toEqual(
    expect.arrayContaining(['deposit', 'withdraw']),
  );
});

test('a fresh browser with only the recovery kit restores access, then saves and withdraws', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await addVirtualPasskeyDevice(page);
  const { email, password } = await signInAsNewAccount(page);
  await page.goto('/dashboard');
  const { address, kitFile } = await createPasskeyAccount(page, { keepKitFile: true });
  if (!kitFile) throw new Error('the recovery kit was not downloaded');
  await mintUsdc(address, '10');

  // Another browser, on a 360 px phone: its own (empty) authenticator, no passkey for the account, only the kit file.
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 } });
  const fresh = await context.newPage();
  await addVirtualPasskeyDevice(fresh);
  await fresh.goto('/sign-in');
  await signInThroughUi(fresh, email, password);
  await fresh.waitForURL(/\/(vault-)?dashboard/);
  await fresh.goto('/dashboard');
  await fresh.getByRole('button', { name: 'Restore access with your recovery kit' }).first().click();
  const restore = fresh.getByRole('dialog', { name: 'Restore access with your recovery kit' });
  await restore.getByLabel('Or choose your recovery kit file').setInputFiles(kitFile);
  await expect(restore.getByLabel('Your recovery key')).toHaveValue(/0x[0-9a-f]{64}/);
  await expect(restore.getByRole('button', { name: 'Restore access' })).toBeEnabled();
  // The pointer rests where the card's button was, which can be over the dialog's own button: axe reads its hover colours.
  await fresh.mouse.move(0, 0);
  expect(await seriousViolations(fresh, { within: '[role="dialog"]' })).toEqual([]);
  await restore.getByRole('button', { name: 'Restore access' }).click();
  const restored = fresh.getByRole('dialog', { name: 'Access restored' });
  await expectVisibleOrExplain(fresh, restored, '"Access restored" dialog');
  await restored.getByRole('button', { name: 'Done' }).click();
  await expect(fresh.getByRole('button', { name: 'Restore access with your recovery kit' })).toHaveCount(0);

  // The new passkey now approves saving: the account's money moves from this browser.
  const chain = await readChain(address);
  await depositAndWithdrawAll(fresh, '10');
  expect(await chain.shares('everydayCash')).toBe(0n);
  expect(await chain.usdc()).toBeGreaterThanOrEqual(9_999_999n);

  // Settings lists both passkeys: the first device's and this one's.
  await fresh.goto('/settings');
  const passkeys = fresh.getByRole('list', { name: 'Savings account passkeys' });
  await expect(passkeys.getByRole('listitem')).toHaveCount(2);
  expect(await seriousViolations(fresh, { within: 'section[aria-labelledby="savings-passkeys-heading"]' })).toEqual([]);
  await context.close();
});
