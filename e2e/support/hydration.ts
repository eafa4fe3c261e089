import { expect, type Locator, type Page, type Route } from '@playwright/test';

/**
 * Holds every JavaScript file the page asks for until release(): the
 * prerendered HTML is there and can be typed into, but React has not run — a
 * slow phone on a slow network, made deterministic.
 */
export async function holdScripts(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  const handler = async (route: Route) => {
    if (released) await route.continue();
    else held.push(route);
  };
  await page.route('**/assets/*.js', handler);
  return {
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/** Opens a page whose scripts are held: waits for the HTML only (module scripts would hold DOMContentLoaded). */
export async function gotoBeforeHydration(page: Page, path: string) {
  const scripts = await holdScripts(page);
  await page.goto(path, { waitUntil: 'commit' });
  return scripts;
}

/** A form hydrates when React has taken it over and read what was typed before (the form's data-hydrated). */
export async function expectHydrated(form: Locator): Promise<void> {
  await expect(form).toHaveAttribute('data-hydrated', 'true');
}

/**
 * A public page is interactive once React has taken over its menu button (content pages hydrate after the
 * load event, so keyboard shortcuts pressed right after `goto` would reach static HTML).
 */
export async function expectPageHydrated(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute('data-hydrated', 'true');
}

/**
 * A signed-in page has taken over from what was painted before it. While the session is checked the
 * protected layout shows a frame — /dashboard's prerendered one, or the generic page skeleton — whose
 * header has a placeholder where the account menu goes; the page then mounts with a header of its own
 * (a new node), and /dashboard shows its frame again until the linked-wallet answer. The frame has the
 * page's heading, so a heading being visible proves nothing: a one-shot read (a box, an evaluate, axe)
 * made then can land on the frame or on a node about to be detached. Wait for this first.
 */
export async function expectSignedInPage(page: Page): Promise<void> {
  await expect(page.getByTestId('account-menu-trigger')).toBeVisible();
  await expect(page.getByTestId('dashboard-frame')).toHaveCount(0);
}
