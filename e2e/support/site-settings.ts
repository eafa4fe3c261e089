import type { Page } from '@playwright/test';

/** The deposit-bonus campaign the e2e server runs with (global-setup.ts): August 2026, in the past. */
export const BONUS_CAMPAIGN = { startsAt: '2026-08-01T00:00:00Z', endsAt: '2026-09-01T00:00:00Z' } as const;
export const E2E_LEGAL_ENTITY = 'Keel E2E Entity Ltd.';

/** Freezes the page's clock (Date only; timers keep running) before it loads. */
export async function setPageDate(page: Page, isoDate: string): Promise<void> {
  await page.clock.setFixedTime(new Date(isoDate));
}

/** A moment inside the e2e campaign. */
export const DURING_CAMPAIGN = '2026-08-15T12:00:00Z';
