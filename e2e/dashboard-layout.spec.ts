import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAsNewAccount } from './support/accounts';
import { chainMissingReason, depositToVault, mineBlocks } from './support/chain';
import { recordLayout, type LayoutRecord } from './support/layout-shift';
import { newAccountWithLinkedWallet } from './support/linked-wallet';

/**
 * Nothing on /dashboard moves once painted: not for a new account (the prerendered frame
 * paints the checklist, React's page takes its place), and not for an account whose wallet is linked
 * but holds nothing yet — whether it sees the first-run checklist depends on the positions, deposits,
 * history and transfers reads, so nothing below the title is shown until they have answered.
 */

const HEADING = 'main h1';
const TOTALS = 'main [aria-label="Totals"]';
const CHECKLIST = '#first-run-title';
const LOADING = '[data-testid="balances-loading"]';
const WATCHED = [HEADING, TOTALS, CHECKLIST, LOADING] as const;

/** How long a linked dashboard may take to show its balances (see the first linked-wallet test). */
const BALANCES_TIMEOUT_MS = 30_000;

/** The positions read is a chain read: slower on a real RPC than on anvil, so the test waits as a user would. */
async function slowPositions(page: Page) {
  await page.route('**/api/positions', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
}

function expectStill(record: LayoutRecord) {
  // Nothing of the page moves. In the site's header, from 640 px, the account menu (as wide as the
  // user's name) replaces its round placeholder and the theme toggle beside it moves left: ~0.0004.
  expect(
    record.shifts.filter((shift) => !shift.inPageHeader),
    'layout-shift entries without recent input',
  ).toEqual([]);
  expect(record.shift, JSON.stringify(record.shifts)).toBeLessThan(0.001);
  for (const selector of WATCHED)
    expect(record.tops[selector]?.length ?? 0, `${selector} painted at ${record.tops[selector]?.join(', ')}`).toBeLessThanOrEqual(
      1,
    );
  expect(record.errors).toEqual([]);
}

async function newPage(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  return { context, page: await context.newPage() };
}

for (const width of [360, 1280]) {
  test.describe(`dashboard layout at ${width} px`, () => {
    test('a new account: the checklist and the cards stay where they were first painted', async ({ browser }) => {
      const { context, page } = await newPage(browser, width);
      await signInAsNewAccount(page);
      const layout = await recordLayout(page, WATCHED);
      await page.goto('/dashboard');
      await expect(page.getByTestId('first-run-step-link-wallet')).toHaveAttribute('data-state', 'todo');
      // The other way to take the first step, painted with the checklist (passkey accounts are on here).
      await expect(
        page.getByTestId('first-run-step-link-wallet').getByRole('button', { name: 'Create a savings account with a passkey' }),
      ).toBeVisible();
      await expect(page.getByTestId('stat-total-balance')).toHaveText('—');
      await expect(page.getByText('Connect a wallet to see your deposits')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const record = await layout();
      expectStill(record);
      expect(record.tops[CHECKLIST]).toHaveLength(1);
      await context.close();
    });

    test.describe('with a linked wallet', () => {
      test.skip(chainMissingReason() !== null, chainMissingReason() ?? '');

      test('on its first run: the checklist appears with the cards, and nothing painted moves', async ({ browser }) => {
        const { context, page } = await newPage(browser, width);
        await newAccountWithLinkedWallet(page);
        await slowPositions(page);
        const layout = await recordLayout(page, WATCHED);
        await page.goto('/dashboard');
        // Nothing below the title shows until positions (held 600 ms here, read from the chain), deposits, history
        // and transfers have all answered: on a loaded machine that alone has taken over 10 s.
        await expect(page.getByTestId('first-run-step-link-wallet')).toHaveAttribute('data-state', 'done', {
          timeout: BALANCES_TIMEOUT_MS,
        });
        await expect(page.getByTestId('first-run-step-first-deposit')).toHaveAttribute('data-state', 'todo');
        await expect(page.getByTestId('stat-total-balance')).toHaveText('—');
        await expect(page.getByText('No deposits yet')).toBeVisible();
        await page.waitForLoadState('networkidle');
        const record = await layout();
        expectStill(record);
        expect(record.tops[CHECKLIST]).toHaveLength(1);
        expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
        await context.close();
      });

      test('with money in a vault: the balance appears once, with no checklist, and nothing painted moves', async ({
        browser,
      }) => {
        test.slow();
        const { context, page } = await newPage(browser, width);
        const { wallet } = await newAccountWithLinkedWallet(page, { fund: { eth: '1' } });
        await depositToVault('everydayCash', '25', wallet.address);
        // A returning saver: the deposit is indexed already (otherwise the figures rightly change when it is).
        await mineBlocks(2);
        await expect
          .poll(
            async () => ((await (await page.request.get('/api/history/overview')).json()) as { hasHistory: boolean }).hasHistory,
            {
              timeout: 30_000,
            },
          )
          .toBe(true);
        await slowPositions(page);
        const layout = await recordLayout(page, WATCHED);
        // The totals and each vault card's realised-APY note share one read of the history overview.
        const overviewReads: string[] = [];
        page.on('request', (request) => {
          if (new URL(request.url()).pathname === '/api/history/overview') overviewReads.push(request.url());
        });
        await page.goto('/dashboard');
        await expect(page.getByTestId('onchain-value-everyday-cash')).toHaveText(/^\$25\.\d\d$/, {
          timeout: BALANCES_TIMEOUT_MS,
        });
        await expect(page.getByTestId('stat-total-balance')).toHaveText(/^\$25\.\d\d$/);
        await page.waitForLoadState('networkidle');
        const record = await layout();
        expectStill(record);
        expect(record.tops[CHECKLIST]).toEqual([]);
        expect(overviewReads).toHaveLength(1);
        await context.close();
      });
    });
  });
}
