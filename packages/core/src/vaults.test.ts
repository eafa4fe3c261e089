import { describe, expect, it } from 'vitest';
import { contractExposureNote, findVault, riskPhrase, VAULTS } from './vaults.js';

describe('riskPhrase', () => {
  it('puts each risk label in a sentence without saying "risk" twice', () => {
    expect(VAULTS.map((vault) => riskPhrase(vault.risk))).toEqual(['low risk', 'medium risk', 'higher risk']);
  });
});

describe('contractExposureNote', () => {
  const contract = { name: 'Spark USDC Vault', symbol: 'sparkUSDC', assetSymbol: 'USDC' };

  it("says plainly that the Growth Reserve's contract is a USDC vault, not Bitcoin and Ethereum", () => {
    const growth = findVault('growth-reserve');
    if (!growth) throw new Error('no growth-reserve');
    expect(contractExposureNote(growth, contract)).toBe(
      'The description above speaks of Bitcoin and Ethereum exposure, but the contract behind Growth Reserve today, ' +
        'Spark USDC Vault (sparkUSDC), is a USDC vault: you deposit and withdraw USDC, and its value does not follow ' +
        'Bitcoin and Ethereum prices.',
    );
  });

  it('adds nothing for tiers whose description claims no other asset', () => {
    const others = VAULTS.filter((vault) => vault.id !== 'growth-reserve');
    expect(others.map((vault) => contractExposureNote(vault, contract))).toEqual([null, null]);
  });
});
