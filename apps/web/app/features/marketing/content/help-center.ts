import { paths } from '@keel/core/paths';

export type HelpArticle = { title: string; url: string | null };
export type HelpCategory = { id: string; title: string; description: string; articles: readonly HelpArticle[] };

/** Six categories; only the published articles link anywhere. */
export const HELP_CATEGORIES: readonly HelpCategory[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    description: 'Create your account and make a first deposit.',
    articles: [
      { title: 'DeFi 101: Earning Yield on Stablecoins', url: paths.defi101 },
      { title: 'Creating your Keel account', url: null },
      { title: 'Verifying your email address', url: null },
    ],
  },
  {
    id: 'vaults-yields',
    title: 'Vaults & Yields',
    description: 'How each vault earns and what its range means.',
    articles: [
      { title: 'How Yield Farming Works', url: paths.yieldFarming },
      { title: 'Comparing the three vaults', url: null },
      { title: 'Why yields change over time', url: null },
    ],
  },
  {
    id: 'wallets',
    title: 'Wallets',
    description: 'Connecting and securing the wallet that holds your USDC.',
    articles: [
      { title: 'Connecting a browser wallet', url: null },
      { title: 'Connecting a mobile wallet with a QR code', url: null },
      { title: 'Saving with a passkey, and your recovery kit', url: paths.passkeySavings },
    ],
  },
  {
    id: 'deposits-withdrawals',
    title: 'Deposits & Withdrawals',
    description: 'Moving USDC in and out, timings and fees.',
    articles: [
      { title: 'How to send USDC on Base from an exchange', url: paths.sendUsdcOnBase },
      { title: 'Making a deposit on Base', url: null },
      { title: 'Withdrawal times and fees', url: null },
    ],
  },
  {
    id: 'security',
    title: 'Security',
    description: 'Keeping your account and your keys safe.',
    articles: [
      { title: 'Recognising phishing and scams', url: null },
      { title: 'Resetting your password', url: null },
    ],
  },
  {
    id: 'account-billing',
    title: 'Account & Fees',
    description: 'Your profile, notifications and what Keel charges.',
    articles: [
      { title: 'Understanding network fees', url: null },
      { title: 'Closing your account', url: null },
    ],
  },
];

/** Case-insensitive match on category titles and article titles. */
export function filterHelpCategories(categories: readonly HelpCategory[], query: string): HelpCategory[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...categories];
  return categories.flatMap((category) => {
    if (category.title.toLowerCase().includes(needle)) return [category];
    const articles = category.articles.filter((article) => article.title.toLowerCase().includes(needle));
    return articles.length > 0 ? [{ ...category, articles }] : [];
  });
}
