import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAsNewAccount, uniqueEmail } from './support/accounts';
import { expectToast } from './support/auth-ui';
import { holdAnswers } from './support/held-answers';
import { waitForHydration } from './support/public-page';

const RULE = 'Password must be at least 8 characters and contain at least 3 of: lowercase, uppercase, number, special character';

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(blocking).toEqual([]);
}

async function fillSignUp(page: Page, email: string) {
  await page.getByLabel('Full Name').fill('Test Person');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Keel-Saver-2026!');
  await page.getByLabel('Confirm Password').fill('Keel-Saver-2026!');
  const terms = page.getByRole('checkbox', { name: /I agree to the/ });
  if ((await terms.getAttribute('data-state')) !== 'checked') await terms.click();
}

test.describe('prerendered account pages', () => {
  test('/get-started and /sign-in render before JavaScript runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/get-started');
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
    await expect(page.getByLabel('Full Name')).toBeVisible();
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await context.close();
  });

  test('hydrating /sign-in?next= and /get-started logs no React error', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/sign-in?next=%2Fvaults');
    await expect(page.getByText('Sign in to continue to /vaults')).toBeVisible();
    await page.goto('/get-started');
    await page.getByLabel('Full Name').fill('Hydrated');
    await waitForHydration(page);
    expect(errors).toEqual([]);
  });

  // /get-started and /sign-in are checked with every prerendered page, in both themes (public-a11y.spec.ts).
  test('the reset and verification pages pass axe', async ({ page }) => {
    for (const path of ['/reset-password', '/email-verification']) {
      await page.goto(path);
      await waitForHydration(page);
      await expectNoSeriousAxeViolations(page);
    }
  });
});

test.describe('sign-up messages', () => {
  test('per-field messages show on submit and clear when their field is edited', async ({ page }) => {
    await page.goto('/get-started');
    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const message of [
      'Full name is required',
      'Email is required',
      'Password is required',
      'You must agree to the terms and conditions',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel('Full Name').fill('A');
    await expect(page.getByText('Full name is required')).toBeHidden();
    await expect(page.getByText('Email is required')).toBeVisible();

    await page.getByLabel('Email Address').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password').fill('different');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid email address' })).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters', { exact: true })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match' })).toBeVisible();
    await page.getByLabel('Email Address').fill('not-an-email@');
    await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid email address' })).toBeHidden();
    await page.getByRole('checkbox', { name: /I agree to the/ }).click();
    await expect(page.getByText('You must agree to the terms and conditions')).toBeHidden();

    await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/legal/terms');
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/legal/privacy');
  });

  test('strength meter labels 0-5 once typed', async ({ page }) => {
    await page.goto('/get-started');
    await expect(page.getByTestId('password-strength')).toHaveCount(0);
    const cases: [string, string][] = [
      ['a', 'Very Weak'],
      ['aA', 'Weak'],
      ['aA1', 'Fair'],
      ['aA1!', 'Good'],
      ['aA1!aaaa', 'Strong'],
    ];
    for (const [password, label] of cases) {
      await page.getByLabel('Password', { exact: true }).fill(password);
      await expect(page.getByText(`Password strength: ${label}`)).toBeVisible();
    }
  });

  test('shows Creating Account... while working, then the server message or the fallback', async ({ page }) => {
    await page.goto('/get-started');
    // Held until the test has seen the working state: a fixed delay (600 ms) ran out before the test looked
    // on a loaded CI machine.
    const signUp = await holdAnswers(page, '**/api/auth/sign-up/email', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'X', message: 'Server says no' } }),
      }),
    );
    await fillSignUp(page, uniqueEmail('fail'));
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    signUp.release();
    await expectToast(page, 'Server says no');
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();

    await page.unroute('**/api/auth/sign-up/email');
    await page.route('**/api/auth/sign-up/email', (route) => route.abort());
    await fillSignUp(page, uniqueEmail('fail'));
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Failed to create account. Please try again.');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('client-side limit: 3 sign-ups per email, then the limit message', async ({ page }) => {
    await page.goto('/get-started');
    let calls = 0;
    await page.route('**/api/auth/sign-up/email', async (route) => {
      calls += 1;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'X', message: `attempt ${calls}` } }),
      });
    });
    const email = uniqueEmail('limit');
    for (let attempt = 1; attempt <= 3; attempt++) {
      await fillSignUp(page, email);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expectToast(page, `attempt ${attempt}`);
    }
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Too many sign-up attempts. Please wait before trying again.');
    expect(calls).toBe(3);
  });

  test('sanitiser messages show as the sign-up error', async ({ page }) => {
    await page.goto('/get-started');
    await fillSignUp(page, 'javascript:alert(1)@evil.io');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Input contains potentially malicious content');
  });
});

test.describe('sign-in and forgot-password messages', () => {
  test('inline email messages, malicious input, and the forgot-password round trip', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please enter your email address' })).toBeVisible();
    await page.getByLabel('Email Address').fill('nope@nope');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid email address' })).toBeVisible();
    await page.getByLabel('Email Address').fill('person@keel.test');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please enter your password' })).toBeVisible();
    await page.getByLabel('Email Address').fill('vbscript:x@evil.io');
    await page.getByLabel('Password', { exact: true }).fill('whatever');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Input contains potentially malicious content' })).toBeVisible();

    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please enter your email address' })).toBeVisible();
    await page.getByLabel('Email Address').fill('bad email@x.io');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid email address' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  });

  test('reset requests: same notice for an unknown email, client limit after 3', async ({ page }) => {
    await page.goto('/sign-in');
    const email = uniqueEmail('nobody');
    for (let attempt = 1; attempt <= 3; attempt++) {
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByLabel('Email Address').fill(email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByText('If an account exists with that email, a password reset link has been sent.')).toBeVisible();
    }
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email Address').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Too many password reset attempts. Please wait before trying again.')).toBeVisible();
  });
});

test.describe('callback, reset and verification pages', () => {
  test('callback errors and missing sessions go back to /sign-in with their toasts', async ({ page }) => {
    // Held until the test has seen the working state (a fixed delay can run out first on a busy machine).
    const session = await holdAnswers(page, '**/api/auth/get-session');
    await page.goto('/auth/callback?type=signup');
    await expect(page.getByText('Authenticating...')).toBeVisible();
    session.release();
    await expectToast(page, 'Failed to authenticate. Please try again.');
    await expect(page).toHaveURL(/\/sign-in$/);

    await page.goto('/auth/callback?type=signup&error=INVALID_TOKEN');
    await expectToast(page, 'Authentication failed. Please try again.');
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('a signed-in callback without a type goes to /dashboard; the guard shows a spinner while it checks', async ({ page }) => {
    await signInAsNewAccount(page);
    await page.goto('/auth/callback');
    await expect(page).toHaveURL(/\/dashboard$/);
    // The answer is held until the spinner has been seen: a fixed delay raced the page's code, which on a
    // busy machine arrived after the (early-started) session request had already answered.
    const session = await holdAnswers(page, '**/api/auth/get-session');
    await page.goto('/performance');
    await expect(page.getByRole('status').filter({ hasText: 'Checking your session' })).toBeVisible();
    session.release();
    await expect(page.getByRole('heading', { name: 'Vault Performance', level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Checking your session' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/performance$/);
  });

  test('reset page without a valid token, with a failing check, and with a failing update', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByText('Invalid or expired reset link. Please request a new password reset.')).toBeVisible();
    await page.goto('/reset-password?token=not-a-real-token-123');
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByText('Invalid or expired reset link. Please request a new password reset.')).toBeVisible();
    await page.goto('/auth/callback?type=recovery&error=INVALID_TOKEN');
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByText('Invalid or expired reset link. Please request a new password reset.')).toBeVisible();

    await page.route('**/api/auth/reset-token-status', (route) => route.abort());
    await page.goto('/reset-password?token=whatever-token-123');
    await expect(page.getByText('An error occurred. Please try again.')).toBeVisible();

    await page.unroute('**/api/auth/reset-token-status');
    await page.route('**/api/auth/reset-token-status', (route) => route.fulfill({ json: { valid: true } }));
    await page.route('**/api/auth/reset-password', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
    await page.goto('/reset-password?token=whatever-token-123');
    await page.getByLabel('New Password', { exact: true }).fill('Strong-Pass-1');
    await page.getByLabel('Confirm New Password').fill('Strong-Pass-1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Failed to update password. Please try again.');
    await expect(page.getByText(RULE)).toBeVisible();
  });

  test('email verification: error state, real resend and its failure, exception, success', async ({ page }) => {
    await page.goto(`/email-verification?email=${encodeURIComponent('someone@keel.test')}`);
    await expect(page.getByText('Email verification failed. The link may be expired or invalid.')).toBeVisible();
    await expect(page.getByLabel('Email Address')).toHaveValue('someone@keel.test');
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expectToast(page, 'Please check your email for a new verification link.');

    await page.route('**/api/auth/send-verification-email', (route) => route.abort());
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expectToast(page, 'Failed to resend verification email.');

    await page.route('**/api/auth/get-session', (route) => route.abort());
    await page.goto('/email-verification');
    await expect(page.getByText('An error occurred during email verification.')).toBeVisible();
    await page.unroute('**/api/auth/get-session');

    await signInAsNewAccount(page);
    const started = Date.now();
    await page.goto('/email-verification');
    await expectToast(page, 'Email verified successfully!');
    await expect(page).toHaveURL(/\/email-verification$/);
    await expect(page).toHaveURL(/\/vaults$/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
  });
});
