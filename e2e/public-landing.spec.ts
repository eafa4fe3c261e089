import { expect, test } from '@playwright/test';
import { gotoHydrated, openAccordionItem } from './support/public-page';
import { DURING_CAMPAIGN, setPageDate } from './support/site-settings';

const SECTION_IDS = [
  'bonus-banner',
  'about',
  'live-yields',
  'vaults',
  'everyday-cash',
  'smart-savings',
  'growth-reserve',
  'how-it-works',
  'security',
  'testimonials',
  'trust',
  'mobile',
  'faq',
  'learn',
  'newsletter',
];

test.describe('landing page', () => {
  test('has every section in order with its anchor id before any JavaScript bundle runs', async ({ page }) => {
    // Only the HTML (with its inline scripts) is allowed: the sections must be there without the app's code.
    await page.route('**/assets/*.js', (route) => route.abort());
    // The bonus banner is one of the sections only while its campaign runs (BONUS_STARTS_AT/BONUS_ENDS_AT).
    await setPageDate(page, DURING_CAMPAIGN);
    await page.goto('/');
    const order = await page.evaluate((ids) => {
      return ids.map((id) => {
        const element = document.querySelector(`#${id}, [data-testid="${id}"]`);
        return element ? element.getBoundingClientRect().top + window.scrollY : -1;
      });
    }, SECTION_IDS);
    expect(order.every((top) => top > 0)).toBe(true);
    const sections = order.filter(
      (_, index) => !['everyday-cash', 'smart-savings', 'growth-reserve'].includes(SECTION_IDS[index] ?? ''),
    );
    expect([...sections].sort((a, b) => a - b)).toEqual(sections);
    await expect(page.getByTestId('hero-tagline')).toHaveText('Your Money, Your Control, Your Returns');
    await expect(page.getByTestId('site-footer')).toContainText('not a bank');
    await expect(page.getByTestId('site-footer')).toContainText('not FDIC insured');
  });

  test('shows the bonus, the three features and the hero calls to action', async ({ page }) => {
    await setPageDate(page, DURING_CAMPAIGN);
    await page.goto('/');
    const banner = page.getByTestId('bonus-banner');
    await expect(banner).toContainText('$10 USDC bonus');
    await expect(banner).toContainText('Minimum deposit $100');
    await expect(banner).toContainText('1 deposit per user');
    await expect(banner).toContainText('Sept 1st');
    for (const title of ['High Yields', 'Non-Custodial', 'Instant Access']) {
      await expect(page.locator('#about').getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.locator('#about')).toContainText('5-30% APY*');
    await page.getByRole('link', { name: /Start Earning Today/ }).click();
    await expect(page).toHaveURL(/\/get-started$/);
  });

  test('vault cards link to sign-up and to the yields explainer', async ({ page }) => {
    await page.goto('/');
    const smart = page.locator('#smart-savings');
    await expect(smart).toContainText('7-12% APY');
    await expect(smart).toContainText('Most Popular');
    await expect(page.locator('#growth-reserve')).toContainText('Higher Risk');
    await expect(page.locator('#growth-reserve')).toContainText('24-48 hours');
    await smart.getByRole('link', { name: /Start Saving/ }).click();
    await expect(page).toHaveURL(/\/get-started$/);
    await page.goto('/');
    await page
      .locator('#everyday-cash')
      .getByRole('link', { name: /Learn How Yields Are Generated/ })
      .click();
    await expect(page).toHaveURL(/\/yields-explained$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Where your yield comes from');
  });

  test('how it works, security, testimonials, partners and learn sections have their cards', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#how-it-works li')).toHaveCount(4);
    await expect(page.locator('#security h3')).toHaveText([
      'Non-Custodial',
      'AES-256 Encryption',
      'Transparent on the Blockchain',
      'USDC Stability',
    ]);
    await expect(page.locator('#testimonials figure')).toHaveCount(3);
    await expect(page.locator('#testimonials')).toContainText('Sample testimonials');
    await expect(page.locator('#trust li')).toHaveCount(6);
    await expect(page.locator('#mobile')).toContainText('Coming Soon');
    // 'Coming soon' without a quarter that has already passed.
    await expect(page.locator('#mobile')).not.toContainText('Q2 2025');
    const learn = page.locator('#learn');
    await expect(learn.locator('article')).toHaveCount(3);
    await expect(learn.locator('article').getByText('Coming Soon')).toHaveCount(3);
    await expect(learn.locator('article').nth(0).getByRole('link')).toHaveAttribute('href', '/articles/defi-101');
    await expect(learn.locator('article').nth(2).getByRole('link')).toHaveAttribute('href', '/blog');
    await learn.getByRole('link', { name: 'Explore Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await page.goto('/');
    const newsletter = page.locator('#newsletter');
    for (const promise of ['No spam', 'Unsubscribe anytime', 'Weekly updates']) await expect(newsletter).toContainText(promise);
  });

  test('FAQ opens one answer at a time and states no minimum and no lock-up', async ({ page }) => {
    await gotoHydrated(page, '/');
    const faq = page.getByTestId('home-faq');
    const triggers = faq.getByRole('button');
    await expect(triggers).toHaveCount(6);
    await openAccordionItem(triggers.nth(1));
    await expect(faq.getByText(/^No lock-up\./)).toBeVisible();
    await triggers.nth(0).click();
    await expect(triggers.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await expect(triggers.nth(1)).toHaveAttribute('aria-expanded', 'false');
    await expect(faq.getByText(/^No lock-up\./)).toBeHidden();
    await expect(faq.getByText(/^No minimum deposit\./)).toBeVisible();
    await triggers.nth(0).click();
    await expect(triggers.nth(0)).toHaveAttribute('aria-expanded', 'false');
  });

  test('footer links go to the company, support and legal pages', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByTestId('site-footer');
    const expected: Record<string, string> = {
      About: '/about',
      Careers: '/careers',
      Blog: '/blog',
      Security: '/audits',
      'Help Center': '/help-center',
      'Contact Us': '/support#contact',
      'Privacy Policy': '/legal/privacy',
      'Terms of Service': '/legal/terms',
      'Risk Disclosure': '/legal/risk',
    };
    for (const [name, href] of Object.entries(expected)) {
      await expect(footer.getByRole('navigation').getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(footer.getByRole('link', { name: /Discord/ })).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

test.describe('section scrolling', () => {
  test('a URL hash scrolls to the section', async ({ page }) => {
    await page.goto('/#faq');
    await expect(page.locator('#faq')).toBeInViewport();
    await page.goto('/#newsletter');
    await expect(page.locator('#newsletter')).toBeInViewport();
  });

  test('header anchors scroll in place on the home page and navigate from other pages', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How It Works' }).click();
    await expect(page.locator('#how-it-works')).toBeInViewport();
    await expect(page).toHaveURL(/\/#how-it-works$/);

    await page.goto('/about');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Security' }).click();
    await expect(page).toHaveURL(/\/#security$/);
    await expect(page.locator('#security')).toBeInViewport();
  });

  test('sidebar items scroll to home sections from another page (navigation state scrollTo)', async ({ page }) => {
    await page.goto('/faq');
    await page.keyboard.press('Control+b');
    await page.getByTestId('sidebar').getByRole('link', { name: 'Trusted Partners' }).click();
    await expect(page).toHaveURL(/\/#trust$/);
    await expect(page.locator('#trust')).toBeInViewport();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Newsletter' }).click();
    await expect(page.locator('#newsletter')).toBeInViewport();
  });

  test('/learn and /support scroll to their hash sections', async ({ page }) => {
    await page.goto('/learn#careers');
    await expect(page.locator('#careers')).toBeInViewport();
    await page.goto('/support#contact');
    await expect(page.locator('#contact')).toBeInViewport();
    await page.goto('/support#help-center');
    await expect(page.locator('#help-center')).toBeInViewport();
  });
});
