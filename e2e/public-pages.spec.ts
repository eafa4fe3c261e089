import { expect, test } from '@playwright/test';
import { gotoHydrated, openAccordionItem } from './support/public-page';

test.describe('informational pages', () => {
  test('help center search filters category and article titles', async ({ page }) => {
    await gotoHydrated(page, '/help-center');
    const categories = page.getByTestId('help-categories').getByRole('heading', { level: 3 });
    await expect(categories).toHaveCount(6);
    const search = page.getByRole('searchbox', { name: 'Search help articles' });

    await search.fill('wallet');
    await expect(categories).toHaveText(['Wallets']);

    await search.fill('DEFI');
    await expect(categories).toHaveText(['Getting Started']);
    await expect(page.getByTestId('help-categories').getByRole('link')).toHaveText(['DeFi 101: Earning Yield on Stablecoins']);

    await search.fill('zzzz');
    await expect(page.getByTestId('help-no-results')).toBeVisible();

    await search.fill('');
    await expect(categories).toHaveCount(6);
    await page.getByRole('link', { name: 'How Yield Farming Works' }).click();
    await expect(page).toHaveURL(/\/articles\/how-yield-farming-works$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How Yield Farming Works');
  });

  test('help center links only the published articles and opens one FAQ at a time', async ({ page }) => {
    await gotoHydrated(page, '/help-center');
    const links = page.getByTestId('help-categories').getByRole('link');
    await expect(links).toHaveCount(4);
    await expect(links.nth(0)).toHaveAttribute('href', '/articles/defi-101');
    await expect(links.nth(1)).toHaveAttribute('href', '/articles/how-yield-farming-works');
    await expect(links.nth(2)).toHaveAttribute('href', '/articles/passkey-savings-account');
    await expect(links.nth(3)).toHaveAttribute('href', '/articles/send-usdc-on-base');
    await expect(page.getByText('Creating your Keel account')).toHaveAttribute('aria-disabled', 'true');

    const faq = page.getByTestId('help-faq');
    const triggers = faq.getByRole('button');
    await expect(triggers).toHaveCount(4);
    await openAccordionItem(triggers.nth(0));
    await expect(faq.getByText(/initial 24-hour lock-up/)).toBeVisible();
    await triggers.nth(1).click();
    await expect(faq.getByText(/initial 24-hour lock-up/)).toBeHidden();
    await expect(triggers.nth(1)).toHaveAttribute('aria-expanded', 'true');
  });

  test('FAQ page: eleven questions, single open, Contact Support and community links', async ({ page }) => {
    await gotoHydrated(page, '/faq');
    const triggers = page.getByTestId('faq-list').getByRole('button');
    await expect(triggers).toHaveCount(11);
    await openAccordionItem(triggers.nth(5));
    await expect(page.getByText(/^No\. The rates shown/)).toBeVisible();
    await triggers.nth(8).click();
    await expect(page.getByText(/^No\. The rates shown/)).toBeHidden();
    await expect(page.getByText(/not FDIC insured or protected/)).toBeVisible();
    const community = page.getByRole('link', { name: 'Join the community chat' });
    await expect(community).toHaveAttribute('target', '_blank');
    await expect(community).toHaveAttribute('rel', 'noopener noreferrer');
    await page.getByRole('link', { name: 'Contact Support' }).click();
    await expect(page).toHaveURL(/\/support#contact$/);
    await expect(page.locator('#contact')).toBeInViewport();
  });

  test('blog: category chips, two featured and four more articles, all Coming Soon', async ({ page }) => {
    await gotoHydrated(page, '/blog');
    const chips = page.getByRole('group', { name: 'Categories' }).getByRole('button');
    await expect(chips).toHaveText(['All', 'Education', 'Strategy', 'Security', 'Analysis', 'Finance']);
    await expect(chips.nth(0)).toHaveAttribute('aria-pressed', 'true');
    await chips.nth(3).click();
    await expect(chips.nth(3)).toHaveAttribute('aria-pressed', 'true');
    await expect(chips.nth(0)).toHaveAttribute('aria-pressed', 'false');
    // The category chips are labels only: choosing one filters nothing.
    await expect(page.getByTestId('featured-articles').locator('article')).toHaveCount(2);
    await expect(page.getByTestId('other-articles').locator('article')).toHaveCount(4);
    await expect(page.locator('article').getByText('Coming Soon', { exact: true })).toHaveCount(6);
  });

  test('careers lists three roles, each disabled as Coming Soon', async ({ page }) => {
    await page.goto('/careers');
    const buttons = page.getByRole('button', { name: /Coming Soon/ });
    await expect(buttons).toHaveCount(3);
    for (const button of await buttons.all()) await expect(button).toBeDisabled();
  });

  test('legal pages: terms require 18+, risk and footer say not a bank and not FDIC insured', async ({ page }) => {
    await page.goto('/legal/terms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
    await expect(page.getByText(/You must be at least 18 years old/)).toBeVisible();
    await page.goto('/legal/risk');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Risk Disclosure');
    await expect(page.getByText(/Keel is not a bank and deposits are not FDIC insured/)).toBeVisible();
    await page.goto('/legal/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  });

  test('every other page has its heading', async ({ page }) => {
    const pages: Record<string, RegExp> = {
      '/about': /Savings that keep you steady/,
      '/learn': /Get to know Keel/,
      '/support': /We're here to help/,
      '/yields-explained': /Where your yield comes from/,
      '/articles/defi-101': /DeFi 101/,
      '/testimonials': /Stories from savers/,
      '/audits': /^Security$/,
      '/mobile': /Keel for iOS and Android/,
      '/newsletter': /The Keel Weekly/,
      '/learn-more': /Keel in five minutes/,
    };
    for (const [path, heading] of Object.entries(pages)) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
    await page.goto('/audits');
    await expect(page).toHaveTitle(/^Security/);
    await page.goto('/learn');
    for (const id of ['about', 'security', 'careers', 'blog']) await expect(page.locator(`#${id}`)).toBeAttached();
  });
});
