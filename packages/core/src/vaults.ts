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
