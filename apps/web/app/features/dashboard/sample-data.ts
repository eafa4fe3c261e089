/*
 * Hard-coded sample figures: much of the dashboard, dialog and performance
 * data is sample data, not live, until the saver's own history exists. Every
 * screen that shows them carries a visible "Sample data" label.
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
