import { expect, test } from '@playwright/test';
import { signInAsNewAccount, uniqueEmail } from './support/accounts';
import { expectToast } from './support/auth-ui';
import { expectHydrated, gotoBeforeHydration } from './support/hydration';

/*
 * On a slow phone people type into the prerendered forms before the
 * JavaScript arrives. Each test holds every script, types (and presses submit)
 * into the bare HTML, then lets the scripts through: the result must be the one
 * typing after hydration gives.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

test.describe('what is typed before hydration counts', () => {
  test('sign-up: the strength meter and the match indicator see it, and Create Account uses it', async ({ page }) => {
    const scripts = await gotoBeforeHydration(page, '/get-started');
    const form = page.getByRole('form', { name: 'Create account' });
    await page.getByLabel('Full Name').fill('Early Typist');
    await page.getByLabel('Email Address').fill(uniqueEmail('early-signup'));
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm Password').fill('abc');
    // Pressed before React runs: the terms box cannot be ticked yet, so the replayed submit must say so.
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Password strength: Very Weak')).toBeHidden();

    await scripts.release();
    await expectHydrated(form);
    await expect(page.getByText('Password strength: Very Weak')).toBeVisible();
    await expect(page.getByText('Passwords match')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters', { exact: true })).toBeVisible();
    await expect(page.getByText('You must agree to the terms and conditions')).toBeVisible();
    await expect(page.getByText('Full name is required')).toBeHidden();
    expect(new URL(page.url()).search).toBe('');

    await page.getByLabel('Password', { exact: true }).fill('Keel-Saver-2026!');
    await page.getByLabel('Confirm Password').fill('Keel-Saver-2026!');
    await page.getByRole('checkbox', { name: /I agree to the/ }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('dialog', { name: 'Check Your Email' })).toBeVisible();
  });

  test('sign-in: email, password and the press of Sign In are all kept', async ({ page, browser }) => {
    const setup = await browser.newContext();
    const account = await signInAsNewAccount(await setup.newPage());
    await setup.close();

    const scripts = await gotoBeforeHydration(page, '/sign-in');
    await page.getByLabel('Email Address').fill(account.email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL('/sign-in');

    await scripts.release();
    await expect(page).toHaveURL('/vault-dashboard');
    await expect(page.getByText(account.email).first()).toBeVisible();
  });

  test('forgot password: a press of "Forgot password?" before hydration is replayed', async ({ page }) => {
    const scripts = await gotoBeforeHydration(page, '/sign-in');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();

    await scripts.release();
    const form = page.getByRole('form', { name: 'Reset password' });
    await expectHydrated(form);
    await form.getByLabel('Email Address').fill(uniqueEmail('early-forgot'));
    await form.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('If an account exists with that email, a password reset link has been sent.')).toBeVisible();
  });

  for (const list of [
    { name: 'waitlist', section: '#mobile', button: 'Join Waitlist', done: 'Added!' },
    { name: 'newsletter', section: '#newsletter', button: 'Subscribe', done: 'Subscribed!' },
  ] as const) {
    test(`${list.name}: the email and the press are kept, and the email never reaches the URL`, async ({ page }) => {
      const email = `Early.${unique()}@Example.com`;
      const scripts = await gotoBeforeHydration(page, '/');
      const form = page.locator(list.section).getByTestId(`${list.name}-form`);
      await form.getByRole('textbox').fill(email);
      await form.getByRole('button', { name: list.button, exact: true }).click();

      const request = page.waitForRequest(`**/api/${list.name}`);
      await scripts.release();
      expect((await request).postDataJSON()).toEqual({ email: email.toLowerCase() });
      await expect(form.getByRole('button', { name: list.done, exact: true })).toBeVisible();
      expect(new URL(page.url()).search).toBe('');
    });
  }

  test('contact: every field and the press of Send Message are kept', async ({ page }) => {
    const scripts = await gotoBeforeHydration(page, '/support#contact');
    const form = page.getByTestId('contact-form');
    await form.getByLabel('Name').fill('Early Writer');
    await form.getByLabel('Email').fill(`writer.${unique()}@example.com`);
    await form.getByLabel('Subject').fill('Typed early');
    await form.getByLabel('Message').fill('Written before the page was interactive.');
    await form.getByRole('button', { name: 'Send Message' }).click();

    const request = page.waitForRequest('**/api/contact');
    await scripts.release();
    expect((await request).postDataJSON()).toMatchObject({ name: 'Early Writer', subject: 'Typed early' });
    await expectToast(page, 'Message sent!');
    await expect(form.getByLabel('Message')).toHaveValue('');
  });

  test('help center: a search typed (and Enter pressed) before hydration filters the list once React runs', async ({ page }) => {
    const scripts = await gotoBeforeHydration(page, '/help-center');
    const search = page.getByRole('searchbox', { name: 'Search help articles' });
    await search.fill('wallet');
    await search.press('Enter');
    const categories = page.getByTestId('help-categories').getByRole('heading', { level: 3 });
    await expect(categories).toHaveCount(6);

    await scripts.release();
    await expectHydrated(page.getByRole('search'));
    await expect(categories).toHaveText(['Wallets']);
    await expect(search).toHaveValue('wallet');
    // Enter neither reloaded the page nor put the query in the address.
    expect(new URL(page.url()).search).toBe('');
  });

  test('phone menu: a tap on the menu button before hydration opens the drawer once React runs', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const scripts = await gotoBeforeHydration(page, '/faq');
    const menu = page.getByRole('button', { name: 'Toggle sidebar' });
    await menu.click();
    await expect(page.getByTestId('sidebar-drawer')).toHaveCount(0);

    await scripts.release();
    // The drawer is modal: once open, the page behind it (the menu button too) leaves the accessibility tree.
    await expect(page.getByRole('dialog', { name: 'Keel navigation' })).toBeVisible({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  test('theme: a press of the theme button before hydration switches the theme once React runs', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const scripts = await gotoBeforeHydration(page, '/about');
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);

    await scripts.release();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/, { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
  });
});
