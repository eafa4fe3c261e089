import type { PerformanceRangeId } from '@keel/core/constants';

/*
 * Hard-coded sample figures (SPEC §1: "much of the dashboard, dialog and
 * performance data is hard-coded sample data, not live"). Every screen that
 * shows them carries a visible "Sample data" label.
 */

export type WeeklySample = {
  week: string;
  oneWeekYield: string;
  apy: string;
  tvl: string;
  depositsThisWeek: string;
  /** Only the latest week shows the share price. */
  sharePrice: string | null;
};

/** /vault-dashboard weekly performance block, latest week first. */
export const VAULT_DASHBOARD_WEEKS: readonly WeeklySample[] = [
  { week: 'Aug 11-15', oneWeekYield: '0.13%', apy: '6.9%', tvl: '$1.25M', depositsThisWeek: '$48,200', sharePrice: '$1.0234' },
  { week: 'Aug 4-8', oneWeekYield: '0.12%', apy: '6.4%', tvl: '$1.18M', depositsThisWeek: '$36,750', sharePrice: null },
];

/** /dashboard weekly sample stats (week of Aug 4-8). */
export const DASHBOARD_WEEK = {
  week: 'Aug 4-8',
  stats: [
    { label: 'Weekly yield', value: '+$18.42' },
    { label: 'Average APY', value: '6.4%' },
    { label: 'New deposits', value: '$500.00' },
    { label: 'Best vault', value: 'Smart Savings' },
  ],
} as const;

export type PerformanceSummary = {
  totalEarnings: string;
  avgAPY: string;
  totalDeposits: string;
  bestMonth: string;
};

/** /performance summary cards, one set per time range. */
export const PERFORMANCE_SUMMARIES: Readonly<Record<PerformanceRangeId, PerformanceSummary>> = {
  '7d': { totalEarnings: '$32.18', avgAPY: '7.9%', totalDeposits: '$5,000.00', bestMonth: 'July' },
  '30d': { totalEarnings: '$142.67', avgAPY: '8.2%', totalDeposits: '$5,000.00', bestMonth: 'July' },
  '90d': { totalEarnings: '$398.40', avgAPY: '8.0%', totalDeposits: '$4,500.00', bestMonth: 'July' },
  '1y': { totalEarnings: '$1,284.95', avgAPY: '7.6%', totalDeposits: '$4,000.00', bestMonth: 'March' },
  all: { totalEarnings: '$1,502.33', avgAPY: '7.4%', totalDeposits: '$4,000.00', bestMonth: 'March' },
};

export type VaultPerformanceRow = { name: string; apy: string; earnings: string; trend: 'up' | 'down'; change: string };

export const VAULT_PERFORMANCE: readonly VaultPerformanceRow[] = [
  { name: 'Everyday Cash', apy: '5.8%', earnings: '$48.12', trend: 'up', change: '+0.2%' },
  { name: 'Smart Savings', apy: '9.1%', earnings: '$71.30', trend: 'up', change: '+0.5%' },
  { name: 'Growth Reserve', apy: '22.4%', earnings: '$23.25', trend: 'down', change: '-1.3%' },
];

export type ActivityType = 'Deposit' | 'Interest' | 'Withdraw';
export type ActivityRow = { type: ActivityType; vault: string; date: string; amount: string };

export const RECENT_ACTIVITY: readonly ActivityRow[] = [
  { type: 'Interest', vault: 'Smart Savings', date: 'Aug 15, 2025', amount: '+$2.41' },
  { type: 'Deposit', vault: 'Everyday Cash', date: 'Aug 12, 2025', amount: '+$500.00' },
  { type: 'Interest', vault: 'Everyday Cash', date: 'Aug 11, 2025', amount: '+$0.94' },
  { type: 'Withdraw', vault: 'Growth Reserve', date: 'Aug 8, 2025', amount: '-$150.00' },
  { type: 'Deposit', vault: 'Smart Savings', date: 'Aug 4, 2025', amount: '+$1,000.00' },
];
