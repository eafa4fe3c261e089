import { describe, expect, it } from 'vitest';
import { HELP_CATEGORIES, filterHelpCategories } from './help-center';

describe('filterHelpCategories', () => {
  it('returns every category for an empty or blank query', () => {
    expect(filterHelpCategories(HELP_CATEGORIES, '')).toHaveLength(6);
    expect(filterHelpCategories(HELP_CATEGORIES, '   ')).toHaveLength(6);
  });

  it('keeps a whole category when its title matches, case-insensitively', () => {
    const [security] = filterHelpCategories(HELP_CATEGORIES, 'SECURITY');
    expect(security?.title).toBe('Security');
    expect(security?.articles).toHaveLength(2);
  });

  it('keeps only matching articles when just article titles match', () => {
    const result = filterHelpCategories(HELP_CATEGORIES, 'yield farming');
    expect(result.map((category) => category.title)).toEqual(['Vaults & Yields']);
    expect(result[0]?.articles.map((article) => article.title)).toEqual(['How Yield Farming Works']);
  });

  it('finds nothing for an unknown word', () => {
    expect(filterHelpCategories(HELP_CATEGORIES, 'zzzz')).toEqual([]);
  });
});
