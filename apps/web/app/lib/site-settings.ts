import { useSyncExternalStore } from 'react';
import { DEFAULT_LEGAL_ENTITY, SITE_PLACEHOLDERS, substitutedValue } from '@keel/core/site-settings';

/*
 * Operator settings on prerendered pages. The pages are built
 * once, so they carry core's placeholders; the server writes BONUS_STARTS_AT,
 * BONUS_ENDS_AT and LEGAL_ENTITY_NAME in their place when it loads them, and
 * SITE_SCRIPT — in the head, before the first paint — decides from the
 * visitor's clock whether the bonus campaign runs. The banner is in the HTML
 * either way and shown by CSS (app.css, [data-bonus-banner]), so nothing
 * jumps and hydration sees the same markup for everyone.
 */

/** Same rule as core's isBonusCampaignRunning (start inclusive, end exclusive; an empty date never runs). */
export const SITE_SCRIPT = `(function(){var d=document.documentElement,n=Date.now(),s=Date.parse("${SITE_PLACEHOLDERS.bonusStartsAt}"),e=Date.parse("${SITE_PLACEHOLDERS.bonusEndsAt}");d.setAttribute("data-legal-entity","${SITE_PLACEHOLDERS.legalEntity}");if(s<=n&&n<e)d.setAttribute("data-bonus","on")})()`;

/**
 * The company the footer names. Prerendering writes the placeholder (the
 * server replaces it in the HTML); in the browser it is what SITE_SCRIPT
 * recorded from the served page, so hydration renders the same text.
 */
export function legalEntityName(): string {
  if (typeof document === 'undefined') return SITE_PLACEHOLDERS.legalEntity;
  return substitutedValue(document.documentElement.dataset.legalEntity, SITE_PLACEHOLDERS.legalEntity) ?? DEFAULT_LEGAL_ENTITY;
}

const BUILD_YEAR = typeof __KEEL_BUILD_YEAR__ === 'number' ? __KEEL_BUILD_YEAR__ : null;

function subscribeToNothing(): () => void {
  return () => undefined;
}

/** This year by the visitor's clock; the prerendered HTML (and hydration) carry the build's year until then. */
export function useCurrentYear(): number {
  return useSyncExternalStore(
    subscribeToNothing,
    () => new Date().getFullYear(),
    () => BUILD_YEAR ?? new Date().getFullYear(),
  );
}
