import { expect, test } from '@playwright/test';
import { appOrigin, DEFAULT_E2E_PASSWORD, linkTo, signInAsNewAccount, uniqueEmail } from './support/accounts';
import { expectToast, sessionEmail, signInThroughUi } from './support/auth-ui';
import { waitForMail } from './support/mailbox';

test.describe('sign-up', () => {
  test('sign up → Check Your Email → mail link → callback → /vaults signed in', async ({ page }) => {
    const email = uniqueEmail('ui-signup');
    await page.goto('/get-started');
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
    await expect(page.getByText('Sign up in 2 minutes')).toBeVisible();

    await page.getByLabel('Full Name').fill('Grace Hopper');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await expect(page.getByText('Password strength: Very Weak')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(DEFAULT_E2E_PASSWORD);
    await expect(page.getByText('Password strength: Strong')).toBeVisible();
    await page.getByLabel('Confirm Password').fill('Keel-Saver');
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm Password').fill(DEFAULT_E2E_PASSWORD);
    await expect(page.getByText('Passwords match')).toBeVisible();
    await page.getByRole('checkbox', { name: /I agree to the/ }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();

    const dialog = page.getByRole('dialog', { name: 'Check Your Email' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(email);
    await dialog.getByRole('button', { name: "I'll verify later" }).click();
    await expect(dialog).toBeHidden();

    const mail = await waitForMail(email, /Verify your email/);
    expect(mail.text).toContain('Hi Grace Hopper,');
    await page.goto(linkTo(mail.links, '/api/auth/verify-email'));
    await expect(page).toHaveURL(/\/vaults$/);
    await expectToast(page, 'Email verified successfully!');
    expect(await sessionEmail(page)).toBe(email);

    // The session survives a reload.
    await page.reload();
    await expect(page).toHaveURL(/\/vaults$/);
    expect(await sessionEmail(page)).toBe(email);
  });

  test('a duplicate sign-up looks exactly like a new one', async ({ page }) => {
    const { email } = await signInAsNewAccount(page);
    await page.context().clearCookies();
    await page.goto('/get-started');
    await page.getByLabel('Full Name').fill('Someone Else');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('An0ther-Pass!');
    await page.getByLabel('Confirm Password').fill('An0ther-Pass!');
    await page.getByRole('checkbox', { name: /I agree to the/ }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Check Your Email' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('link', { name: 'Go to Sign In' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await waitForMail(email, /Someone tried to sign up/);
  });
});

test.describe('sign-in', () => {
  test('protected routes send signed-out visitors to /sign-in?next= and back after sign-in', async ({ page }) => {
    const { email, password } = await signInAsNewAccount(page);
    await page.context().clearCookies();
    for (const path of ['/dashboard', '/vault-dashboard', '/vaults']) {
      await page.goto(path);
      await expect(page).toHaveURL(`/sign-in?next=${encodeURIComponent(path)}`);
    }
    await page.goto('/performance?range=7d');
    await expect(page).toHaveURL(`/sign-in?next=${encodeURIComponent('/performance?range=7d')}`);
    await expect(page.getByText('Sign in to continue to /performance?range=7d')).toBeVisible();
    await signInThroughUi(page, email, password);
    await expect(page).toHaveURL(/\/performance\?range=7d$/);
  });

  test('goes to /vault-dashboard without next, and never leaves the site through next', async ({ page }) => {
    const { email, password } = await signInAsNewAccount(page);
    for (const next of ['https://evil.example/phish', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      await page.context().clearCookies();
      await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
      await expect(page.getByText('Welcome back. Sign in to your Keel account.')).toBeVisible();
      await signInThroughUi(page, email, password);
      await expect(page).toHaveURL(/\/vault-dashboard$/);
    }
    // Signed in already: /sign-in moves on by itself.
    await page.goto('/sign-in');
    await expect(page).toHaveURL(/\/vault-dashboard$/);
  });

  test('wrong password shows the server message; the password toggle shows and hides', async ({ page }) => {
    const { email } = await signInAsNewAccount(page);
    await page.context().clearCookies();
    await page.goto('/sign-in');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Wrong-Password-1');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByLabel('Email Address').fill(email);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('unverified sign-in is refused with a way to resend the link', async ({ page }) => {
    const email = uniqueEmail('unverified');
    const response = await page.request.post('/api/auth/sign-up/email', {
      data: { name: 'Not Yet', email, password: DEFAULT_E2E_PASSWORD },
      headers: { origin: appOrigin() },
    });
    expect(response.ok()).toBe(true);
    await waitForMail(email, /Verify your email/);
    await page.goto('/sign-in');
    await signInThroughUi(page, email, DEFAULT_E2E_PASSWORD);
    await expect(page.getByText('Email not verified')).toBeVisible();
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expectToast(page, 'Please check your email for a new verification link.');
    const second = await waitForMail(email, /Verify your email/, { after: 1 });
    await page.goto(linkTo(second.links, '/api/auth/verify-email'));
    await expect(page).toHaveURL(/\/vaults$/);
  });

  test('the 6th sign-in attempt is blocked, in the browser and on the server', async ({ page }) => {
    const { email } = await signInAsNewAccount(page);
    await page.context().clearCookies();
    await page.goto('/sign-in');
    for (let attempt = 1; attempt <= 5; attempt++) {
      await signInThroughUi(page, email, `Wrong-Password-${attempt}`);
      await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    }
    await signInThroughUi(page, email, 'Wrong-Password-6');
    await expect(page.getByText('Too many sign-in attempts. Please wait before trying again.')).toBeVisible();

    // Without the browser's own counter the server still refuses, even the right password.
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await signInThroughUi(page, email, DEFAULT_E2E_PASSWORD);
    await expect(page.getByText('Too many sign-in attempts. Please wait before trying again.')).toBeVisible();
    const direct = await page.request.post('/api/auth/sign-in/email', {
      data: { email, password: DEFAULT_E2E_PASSWORD },
      headers: { origin: appOrigin() },
    });
    expect(direct.status()).toBe(429);
  });
});

test.describe('password reset and sessions', () => {
  test('forgot → mail → reset: old password refused, new one works, other sessions gone', async ({ page, browser }) => {
    const { email, password } = await signInAsNewAccount(page);
    // A second device, signed in.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto('/sign-in');
    await signInThroughUi(otherPage, email, password);
    await expect(otherPage).toHaveURL(/\/vault-dashboard$/);

    await page.context().clearCookies();
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await page.getByLabel('Email Address').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('If an account exists with that email, a password reset link has been sent.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();

    const mail = await waitForMail(email, /Reset your Keel password/);
    const link = linkTo(mail.links, '/api/auth/reset-password/');
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password$/); // the token left the address bar
    const update = page.getByRole('button', { name: 'Update Password' });
    await expect(update).toBeDisabled();
    await page.getByLabel('New Password', { exact: true }).fill('weakpass');
    await expect(page.getByTestId('password-rule')).toHaveAttribute('data-met', 'false');
    await expect(
      page.getByText(
        'Password must be at least 8 characters and contain at least 3 of: lowercase, uppercase, number, special character',
      ),
    ).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill('Brand-New-Pass-7');
    await expect(page.getByTestId('password-rule')).toHaveAttribute('data-met', 'true');
    await page.getByLabel('Confirm New Password').fill('Brand-New-Pass');
    await expect(page.getByTestId('password-match')).toHaveAttribute('data-matches', 'false');
    await expect(update).toBeDisabled();
    await page.getByLabel('Confirm New Password').fill('Brand-New-Pass-7');
    await expect(page.getByTestId('password-match')).toHaveAttribute('data-matches', 'true');
    await expect(page.getByText('Passwords match')).toBeVisible();
    await update.click();
    await expectToast(page, 'Password updated successfully!');
    await expect(page).toHaveURL(/\/sign-in$/);

    // The owner is told by mail, with a link that opens the reset form again at once.
    const changed = await waitForMail(email, /Your Keel password was changed/);
    await page.goto(linkTo(changed.links, '/sign-in?mode=forgot'));
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();

    // The other device was signed out by the reset.
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/sign-in\?next=/);
    await other.close();

    await signInThroughUi(page, email, password);
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await signInThroughUi(page, email, 'Brand-New-Pass-7');
    await expect(page).toHaveURL(/\/vault-dashboard$/);

    // The link is single-use.
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByText('Invalid or expired reset link. Please request a new password reset.')).toBeVisible();
  });

  test('sign-out is global: both browser contexts lose their session and it goes to /sign-in', async ({ page, browser }) => {
    const { email, password } = await signInAsNewAccount(page);
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto('/sign-in');
    await signInThroughUi(otherPage, email, password);
    await expect(otherPage).toHaveURL(/\/vault-dashboard$/);
    expect(await sessionEmail(otherPage)).toBe(email);

    await page.goto('/vault-dashboard');
    await page.evaluate(() => window.localStorage.setItem('connectedWallet', 'injected'));
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    expect(await page.evaluate(() => window.localStorage.getItem('connectedWallet'))).toBeNull();
    expect(await sessionEmail(page)).toBeNull();
    expect(await sessionEmail(otherPage)).toBeNull();
    await otherPage.goto('/dashboard');
    await expect(otherPage).toHaveURL(/\/sign-in\?next=%2Fdashboard$/);
    await other.close();
  });
});
