import { describe, expect, it } from 'vitest';
import { isBonusCampaignRunning, LEGAL_ENTITY_PATTERN, SITE_PLACEHOLDERS, substitutedValue } from './site-settings.js';

const STARTS = '2026-08-01T00:00:00Z';
const ENDS = '2026-09-01T00:00:00Z';

describe('isBonusCampaignRunning', () => {
  it('runs from its start (inclusive) to its end (exclusive)', () => {
    expect(isBonusCampaignRunning(Date.parse('2026-07-31T23:59:59Z'), STARTS, ENDS)).toBe(false);
    expect(isBonusCampaignRunning(Date.parse(STARTS), STARTS, ENDS)).toBe(true);
    expect(isBonusCampaignRunning(Date.parse('2026-08-15T12:00:00Z'), STARTS, ENDS)).toBe(true);
    expect(isBonusCampaignRunning(Date.parse(ENDS), STARTS, ENDS)).toBe(false);
    expect(isBonusCampaignRunning(Date.parse('2026-11-22T19:00:00Z'), STARTS, ENDS)).toBe(false);
  });

  it('never runs without a window, or with a placeholder left in place', () => {
    const now = Date.parse('2026-08-15T12:00:00Z');
    expect(isBonusCampaignRunning(now, null, null)).toBe(false);
    expect(isBonusCampaignRunning(now, STARTS, null)).toBe(false);
    expect(isBonusCampaignRunning(now, SITE_PLACEHOLDERS.bonusStartsAt, SITE_PLACEHOLDERS.bonusEndsAt)).toBe(false);
  });
});

describe('LEGAL_ENTITY_PATTERN', () => {
  it('takes a company name and refuses markup or quotes', () => {
    expect(LEGAL_ENTITY_PATTERN.test('Keel Labs Ltd.')).toBe(true);
    expect(LEGAL_ENTITY_PATTERN.test("Société d'Épargne (Keel) S.A.")).toBe(true);
    expect(LEGAL_ENTITY_PATTERN.test('<script>')).toBe(false);
    expect(LEGAL_ENTITY_PATTERN.test('Keel "Labs"')).toBe(false);
    expect(LEGAL_ENTITY_PATTERN.test('Keel\\Labs')).toBe(false);
    expect(LEGAL_ENTITY_PATTERN.test('')).toBe(false);
  });
});

describe('substitutedValue', () => {
  it('is null while the placeholder is still there', () => {
    expect(substitutedValue(SITE_PLACEHOLDERS.legalEntity, SITE_PLACEHOLDERS.legalEntity)).toBeNull();
    expect(substitutedValue(undefined, SITE_PLACEHOLDERS.legalEntity)).toBeNull();
    expect(substitutedValue('Keel Labs Ltd.', SITE_PLACEHOLDERS.legalEntity)).toBe('Keel Labs Ltd.');
  });
});
