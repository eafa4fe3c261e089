import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { appOrigin, signInAsNewAccount } from './support/accounts';
import { seriousViolations } from './support/axe';
import { expectSignedInPage } from './support/hydration';
import { waitForMail } from './support/mailbox';
import { gotoHydrated } from './support/public-page';

test('account settings: sign another device out, download my data, close the account and sign up again', async ({
  page,
  browser,
}) => {
  const { email, password } = await signInAsNewAccount(page);
  // A second device, signed in with the same account.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const signedIn = await otherPage.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin: appOrigin() },
  });
  expect(signedIn.status()).toBe(200);
  await otherPage.goto('/vault-dashboard');
  await expectSignedInPage(otherPage);

  await gotoHydrated(page, '/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  const devices = page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
  await expect(devices).toHaveCount(2);
  await expect(devices.first()).toContainText('This device');
  expect(await seriousViolations(page)).toEqual([]);

  await devices
    .nth(1)
    .getByRole('button', { name: /^Sign out / })
    .click();
  await expect(devices).toHaveCount(1);
  // The other device's very next request finds its session gone.
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/sign-in/);
  await other.close();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^keel-account-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as { profile: { email: string }; securityLog: unknown[] };
  expect(data.profile.email).toBe(email);
  expect(data.securityLog.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Close my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close your Keel account?' });
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Close account for good' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByText('Your Keel account is closed.')).toBeVisible();
  await waitForMail(email, /Your Keel account is closed/);

  // The same email opens a new account: the answer is a verification mail, not "you already have an account".
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Back Again', email, password: 'Keel-Saver-2027!' },
    headers: { origin: appOrigin() },
  });
  expect(signUp.status()).toBe(200);
  await waitForMail(email, /Verify your email for Keel/);
});
