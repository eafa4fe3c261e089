import { describe, expect, it } from 'vitest';
import { riskPhrase, VAULTS } from './vaults.js';

describe('riskPhrase', () => {
  it('puts each risk label in a sentence without saying "risk" twice', () => {
    expect(VAULTS.map((vault) => riskPhrase(vault.risk))).toEqual(['low risk', 'medium risk', 'higher risk']);
  });
});
