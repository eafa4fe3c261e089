import { paths } from '@keel/core/paths';

/**
 * Community and social handles. Placeholders until the accounts are confirmed;
 * they open in a new tab without an opener.
 */
export const SOCIAL_LINKS = [
  { id: 'x', label: 'Keel on X', short: 'X', href: 'https://x.com/keelsavings' },
  { id: 'discord', label: 'Keel community on Discord', short: 'Discord', href: 'https://discord.gg/keelsavings' },
  { id: 'telegram', label: 'Keel on Telegram', short: 'Telegram', href: 'https://t.me/keelsavings' },
  { id: 'github', label: 'Keel on GitHub', short: 'GitHub', href: 'https://github.com/keelsavings' },
] as const;

export const COMMUNITY_CHAT_URL = SOCIAL_LINKS[1].href;

export type FooterLink = { label: string; to: string };

export const FOOTER_COLUMNS: readonly { title: string; links: readonly FooterLink[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'Savings Vaults', to: `${paths.home}#vaults` },
      { label: 'How Yields Work', to: paths.yieldsExplained },
      { label: 'Security', to: paths.audits },
      { label: 'Mobile App', to: paths.mobile },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: paths.about },
      { label: 'Careers', to: paths.careers },
      { label: 'Blog', to: paths.blog },
      { label: 'Newsletter', to: paths.newsletter },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help Center', to: paths.helpCenter },
      { label: 'FAQ', to: paths.faq },
      { label: 'Contact Us', to: `${paths.support}#contact` },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', to: paths.privacy },
      { label: 'Terms of Service', to: paths.terms },
      { label: 'Risk Disclosure', to: paths.risk },
    ],
  },
];

/**
 * When each legal page last changed: a fixed date of the text, updated with it
 * (not the build's date — rebuilding does not change the terms).
 */
export const LEGAL_LAST_UPDATED = {
  terms: '2026-11-22',
  privacy: '2026-11-22',
  risk: '2026-11-22',
} as const;
