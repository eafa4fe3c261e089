import type { Page, Route } from '@playwright/test';

/**
 * Holds every answer to `url` until `release()`, so the test can see the state the page is in while it
 * waits (a spinner, "Creating Account..."). A fixed delay instead can run out before the test looks on a
 * busy machine. A released request gets `answer` (by default the server's own answer).
 */
export async function holdAnswers(
  page: Page,
  url: string,
  answer: (route: Route) => Promise<void> = (route) => route.continue(),
): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await answer(route);
  });
  return { release: () => release() };
}
