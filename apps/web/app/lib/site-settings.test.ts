import { afterEach, describe, expect, it, vi } from 'vitest';
import { SITE_PLACEHOLDERS } from '@keel/core/site-settings';
import { legalEntityName, SITE_SCRIPT } from '~/lib/site-settings';

/** The script as the server serves it: the operator's values in place of the placeholders. */
function served(values: { startsAt: string; endsAt: string; entity: string }): string {
  return SITE_SCRIPT.replaceAll(SITE_PLACEHOLDERS.bonusStartsAt, values.startsAt)
    .replaceAll(SITE_PLACEHOLDERS.bonusEndsAt, values.endsAt)
    .replaceAll(SITE_PLACEHOLDERS.legalEntity, values.entity);
}

function run(script: string): void {
  document.documentElement.removeAttribute('data-bonus');
  document.documentElement.removeAttribute('data-legal-entity');
  new Function(script)();
}

const AUGUST = { startsAt: '2026-08-01T00:00:00.000Z', endsAt: '2026-09-01T00:00:00.000Z', entity: 'Keel Labs Ltd.' };

afterEach(() => {
  vi.useRealTimers();
});

describe('SITE_SCRIPT', () => {
  it('marks the page for the bonus banner only while the campaign runs', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-08-15T12:00:00Z'));
    run(served(AUGUST));
    expect(document.documentElement.dataset.bonus).toBe('on');

    vi.setSystemTime(new Date('2026-09-01T00:00:00Z'));
    run(served(AUGUST));
    expect(document.documentElement.dataset.bonus).toBeUndefined();

    vi.setSystemTime(new Date('2026-07-31T23:59:59Z'));
    run(served(AUGUST));
    expect(document.documentElement.dataset.bonus).toBeUndefined();
  });

  it('shows no banner when no campaign is configured, or when the placeholders were never replaced', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-08-15T12:00:00Z'));
    run(served({ startsAt: '', endsAt: '', entity: 'Keel Labs Ltd.' }));
    expect(document.documentElement.dataset.bonus).toBeUndefined();
    run(SITE_SCRIPT);
    expect(document.documentElement.dataset.bonus).toBeUndefined();
  });

  it('hands the configured legal entity to the footer, or the default placeholder name without one', () => {
    run(served(AUGUST));
    expect(legalEntityName()).toBe('Keel Labs Ltd.');
    run(SITE_SCRIPT);
    expect(legalEntityName()).toBe('Keel (legal entity to be confirmed)');
  });
});
