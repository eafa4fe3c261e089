import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The axe rules a theme can change. The dark theme is a class on <html> that changes colours only: names,
 * roles, labels and structure are the same DOM the light theme's full check has already seen, so a dark
 * pass checks these rules alone.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe's serious and critical violations on the page as it is, one line each; `colours` checks only COLOUR_RULES;
 * `within` checks only that part of the page (a selector), where the rest is the same DOM already checked.
 */
export async function seriousViolations(page: Page, options: { colours?: boolean; within?: string } = {}): Promise<string[]> {
  // Only violations are read: axe then details one node per passing rule instead of every one, which is most of
  // what it sends back from a large page.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (options.colours) builder.withRules(COLOUR_RULES);
  if (options.within) builder.include(options.within);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
