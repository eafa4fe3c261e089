export type Partner = { name: string; role: string; description: string };

/** Infrastructure Keel builds on. Naming it describes our stack; it implies no endorsement. */
export const PARTNERS: readonly Partner[] = [
  {
    name: 'Base',
    role: 'Layer-2 network',
    description: 'Low-cost Ethereum layer-2 where every Keel vault lives (chain id 8453).',
  },
  {
    name: 'USDC',
    role: 'Stablecoin',
    description: 'A dollar-backed stablecoin issued by Circle, redeemable 1:1 for US dollars.',
  },
  {
    name: 'Ethereum',
    role: 'Settlement layer',
    description: 'Base settles its transactions to Ethereum, the most widely used smart-contract network.',
  },
  {
    name: 'Vault infrastructure',
    role: 'Vault contracts',
    description: 'Independent third-party vault contracts hold deposits; Keel never takes custody.',
  },
  {
    name: 'WalletConnect',
    role: 'Wallet connections',
    description: 'Connect a mobile wallet by scanning a QR code, without sharing any keys.',
  },
  {
    name: 'Price oracles',
    role: 'Market data',
    description: 'Lending markets use decentralised oracles to value collateral and trigger liquidations.',
  },
];
