/**
 * Site settings an operator sets at run time (the deposit-bonus campaign, the
 * legal entity) while the public pages are prerendered at build time: the
 * pages carry these placeholders, and the server writes the configured values
 * in their place when it loads the built files (apps/server modules/web).
 */
export const SITE_PLACEHOLDERS = {
  bonusStartsAt: '__KEEL_BONUS_STARTS_AT__',
  bonusEndsAt: '__KEEL_BONUS_ENDS_AT__',
  legalEntity: '__KEEL_LEGAL_ENTITY__',
} as const;

/** Shown until an operator sets LEGAL_ENTITY_NAME: visibly a placeholder, never a made-up company. */
export const DEFAULT_LEGAL_ENTITY = 'Keel (legal entity to be confirmed)';

/**
 * What LEGAL_ENTITY_NAME may hold: letters, digits, spaces and . , ' ( ) - — so the
 * same text is safe inside HTML text and a double-quoted inline script string.
 */
export const LEGAL_ENTITY_PATTERN = /^[\p{L}\p{N} .,'()-]{1,120}$/u;

/** Whether the deposit-bonus campaign runs at `now` (start inclusive, end exclusive); no window, no campaign. */
export function isBonusCampaignRunning(now: number, startsAt: string | null, endsAt: string | null): boolean {
  if (!startsAt || !endsAt) return false;
  const start = Date.parse(startsAt);
  const end = Date.parse(endsAt);
  if (Number.isNaN(start) || Number.isNaN(end)) return false;
  return start <= now && now < end;
}

/** A configured value, or null while the page still carries the placeholder (Vite's dev server, no substitution). */
export function substitutedValue(value: string | undefined, placeholder: string): string | null {
  return value && value !== placeholder ? value : null;
}
