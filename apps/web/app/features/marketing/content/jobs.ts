export type Job = { title: string; location: string; type: string; description: string };

/** Three open roles, all disabled as Coming Soon. */
export const JOBS: readonly Job[] = [
  {
    title: 'Senior Smart Contract Engineer',
    location: 'Remote',
    type: 'Full-time',
    description: 'Review and integrate vault contracts on Base, with security as the first requirement of every change.',
  },
  {
    title: 'Product Designer',
    location: 'Remote',
    type: 'Full-time',
    description: 'Make on-chain savings feel as clear as a bank app, for people who have never held a stablecoin.',
  },
  {
    title: 'Customer Support Specialist',
    location: 'Remote',
    type: 'Full-time',
    description: 'Help members with wallets, deposits and withdrawals, and turn their questions into better guides.',
  },
];
