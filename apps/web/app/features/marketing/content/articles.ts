import { paths } from '@keel/core/paths';

export type Article = {
  id: string;
  title: string;
  excerpt: string;
  category: 'Education' | 'Strategy' | 'Security' | 'Analysis' | 'Finance';
  readTime: string;
  author: string;
  featured: boolean;
  /** Published articles have a page; the rest are Coming Soon. */
  url: string | null;
};

export const BLOG_CATEGORIES = ['All', 'Education', 'Strategy', 'Security', 'Analysis', 'Finance'] as const;

/** 2 featured and 4 other articles, all marked Coming Soon on the blog. */
export const BLOG_ARTICLES: readonly Article[] = [
  {
    id: 'defi-101',
    title: 'DeFi 101: Earning Yield on Stablecoins',
    excerpt: 'What decentralised finance is, where stablecoin yield comes from, and the risks to weigh before you deposit.',
    category: 'Education',
    readTime: '8 min read',
    author: 'Keel Research',
    featured: true,
    url: paths.defi101,
  },
  {
    id: 'yield-farming',
    title: 'How Yield Farming Works',
    excerpt: 'Lending, liquidity provision and auto-compounding explained without the jargon, with the trade-offs of each.',
    category: 'Strategy',
    readTime: '10 min read',
    author: 'Keel Research',
    featured: true,
    url: paths.yieldFarming,
  },
  {
    id: 'wallet-security',
    title: 'Wallet Security Basics',
    excerpt: 'Seed phrases, hardware wallets and the scams to watch for: keeping your keys yours.',
    category: 'Security',
    readTime: '6 min read',
    author: 'Keel Security',
    featured: false,
    url: null,
  },
  {
    id: 'apy-vs-apr',
    title: 'APY vs APR: Reading Yield Figures Honestly',
    excerpt: 'Why compounding matters, what a target range means, and why past returns do not promise future ones.',
    category: 'Analysis',
    readTime: '5 min read',
    author: 'Keel Research',
    featured: false,
    url: null,
  },
  {
    id: 'emergency-fund',
    title: 'Building an Emergency Fund with Stablecoins',
    excerpt: 'How much to keep instantly accessible, and where a stablecoin vault fits next to a bank account.',
    category: 'Finance',
    readTime: '7 min read',
    author: 'Keel Team',
    featured: false,
    url: null,
  },
  {
    id: 'choosing-a-vault',
    title: 'Choosing Between the Three Keel Vaults',
    excerpt: 'Matching Everyday Cash, Smart Savings and Growth Reserve to your goals and your tolerance for risk.',
    category: 'Strategy',
    readTime: '6 min read',
    author: 'Keel Team',
    featured: false,
    url: null,
  },
];

/** Learn and Earn on the home page: three Coming Soon cards; a card without a url goes to the blog. */
export const LEARN_ARTICLES: readonly Article[] = BLOG_ARTICLES.filter((article) =>
  ['defi-101', 'yield-farming', 'apy-vs-apr'].includes(article.id),
);
