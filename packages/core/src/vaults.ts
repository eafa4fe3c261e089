export const VAULT_IDS = ['everyday-cash', 'smart-savings', 'growth-reserve'] as const;
export type VaultId = (typeof VAULT_IDS)[number];

export type VaultType = 'instant' | 'auto-compound' | 'growth';
export type RiskLabel = 'Low' | 'Medium' | 'Higher Risk';

export type Vault = {
  id: VaultId;
  name: string;
  apyText: string;
  /** Target range in percent; a target, never a promise. */
  targetApy: { min: number; max: number };
  type: VaultType;
  risk: RiskLabel;
  description: string;
  mostPopular: boolean;
  withdrawal: { time: string; feePercent: number; notice: string | null };
  /** Sample balance shown by the withdraw dialog's Max button. */
  sampleBalanceUsd: number;
  /**
   * Assets other than USDC whose price the description says the tier follows, or null. Every configured
   * contract is verified to be a USDC vault, so such a claim is checked against the contract on the vault page.
   */
  priceExposureClaim: string | null;
};

/** The three tiers, in display order. */
export const VAULTS: readonly Vault[] = [
  {
    id: 'everyday-cash',
    name: 'Everyday Cash',
    apyText: '5-7% APY',
    targetApy: { min: 5, max: 7 },
    type: 'instant',
    risk: 'Low',
    description: 'USDC lent to over-collateralised lending markets. The steadiest tier, for money you may need any day.',
    mostPopular: false,
    withdrawal: { time: 'Instant', feePercent: 0, notice: null },
    sampleBalanceUsd: 2500,
    priceExposureClaim: null,
  },
  {
    id: 'smart-savings',
    name: 'Smart Savings',
    apyText: '7-12% APY',
    targetApy: { min: 7, max: 12 },
    type: 'auto-compound',
    risk: 'Medium',
    description: 'Spreads USDC across several lending and liquidity strategies and compounds the rewards automatically.',
    mostPopular: true,
    withdrawal: { time: '1-2 hours', feePercent: 0, notice: null },
    sampleBalanceUsd: 1800,
    priceExposureClaim: null,
  },
  {
    id: 'growth-reserve',
    name: 'Growth Reserve',
    apyText: '20-30% CAGR',
    targetApy: { min: 20, max: 30 },
    type: 'growth',
    risk: 'Higher Risk',
    description: 'Adds Bitcoin and Ethereum exposure for long-term growth. Values can fall as well as rise.',
    mostPopular: false,
    withdrawal: {
      time: '24-48 hours',
      feePercent: 0.25,
      notice: 'Withdrawals may take 24-48 hours due to crypto exposure.',
    },
    sampleBalanceUsd: 940.5,
    priceExposureClaim: 'Bitcoin and Ethereum',
  },
];

/** Which entry of the configured addresses (server config, GET /api/config `vaults`) belongs to each vault. */
export const VAULT_CONFIG_KEYS = {
  'everyday-cash': 'everydayCash',
  'smart-savings': 'smartSavings',
  'growth-reserve': 'growthReserve',
} as const satisfies Record<VaultId, string>;
export type VaultConfigKey = (typeof VAULT_CONFIG_KEYS)[VaultId];

export function findVault(id: string): Vault | undefined {
  return VAULTS.find((vault) => vault.id === id);
}

export function findVaultByName(name: string): Vault | undefined {
  return VAULTS.find((vault) => vault.name === name);
}

export function formatWithdrawalFee(vault: Vault): string {
  return vault.withdrawal.feePercent === 0 ? 'No fee' : `${vault.withdrawal.feePercent}%`;
}

/** The risk label in a sentence: 'low risk', 'medium risk', 'higher risk' (the label 'Higher Risk' already says risk). */
export function riskPhrase(risk: RiskLabel): string {
  const lower = risk.toLowerCase();
  return lower.endsWith(' risk') ? lower : `${lower} risk`;
}

/** The on-chain identity of the contract configured for a tier: its own name() and symbol(), and its asset's symbol. */
export type VaultContractIdentity = { name: string; symbol: string; assetSymbol: string };

/**
 * What the configured contract actually is, said plainly where the tier's description claims a price exposure
 * the contract does not have (a vault whose asset is USDC follows no other asset's price); null when there is
 * no such claim.
 */
export function contractExposureNote(vault: Vault, contract: VaultContractIdentity): string | null {
  if (!vault.priceExposureClaim) return null;
  return (
    `The description above speaks of ${vault.priceExposureClaim} exposure, but the contract behind ${vault.name} ` +
    `today, ${contract.name} (${contract.symbol}), is a ${contract.assetSymbol} vault: ` +
    `you deposit and withdraw ${contract.assetSymbol}, and its value does not follow ${vault.priceExposureClaim} prices.`
  );
}
