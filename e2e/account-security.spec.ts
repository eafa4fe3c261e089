import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { expect, test, type Page } from '@playwright/test';
import { signInAsNewAccount } from './support/accounts';
import { sessionEmail, signInThroughUi } from './support/auth-ui';
import { seriousViolations } from './support/axe';

/** What the saver's authenticator app would show now, from the key the settings page prints. */
async function codeFromShownKey(page: Page): Promise<string> {
  const key = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  return createOTP(base32.decode(key)).totp();
}

test('two-step sign-in: turn it on with an authenticator app, then a password sign-in asks for its code', async ({ page }) => {
  const { email, password } = await signInAsNewAccount(page);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await page.getByLabel('Your password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  expect(await seriousViolations(page, { within: 'main' })).toEqual([]);
  const code = await codeFromShownKey(page);
  const key = await page.getByTestId('totp-secret').innerText();
  await page.getByLabel('6-digit code from your authenticator app', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
  expect(await seriousViolations(page, { within: 'main' })).toEqual([]);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByRole('button', { name: 'Turn off two-step sign-in' })).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/sign-in?next=/performance');
  await signInThroughUi(page, email, password);
  await expect(page).toHaveURL(/\/sign-in\/two-step\?next=%2Fperformance$/);
  expect(await sessionEmail(page)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);
  await page
    .getByLabel('Code from your authenticator app', { exact: true })
    .fill(await createOTP(base32.decode(key.replace(/\s/g, ''))).totp());
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/performance$/);
  expect(await sessionEmail(page)).toBe(email);
});

test('passkey: add one through the device, then sign in with it instead of the password', async ({ page }) => {
  // Chromium's virtual authenticator: a platform passkey that verifies the saver (as a fingerprint would).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const { email } = await signInAsNewAccount(page);
  await page.goto('/settings');
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByLabel(/Name for this passkey/).fill('My laptop');
  await page.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText('My laptop', { exact: true })).toBeVisible();
  expect(await seriousViolations(page, { within: 'main' })).toEqual([]);

  await page.context().clearCookies();
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/vault-dashboard$/);
  expect(await sessionEmail(page)).toBe(email);
});
