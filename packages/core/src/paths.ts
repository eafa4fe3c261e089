/**
 * The route table, the only place a path is written. The web router
 * (apps/web/app/routes.ts builds its config from it), the server (which answers
 * 404 for paths outside it) and the prerender list all read it. A path may have
 * parameters (`/vaults/:id`): fill them with fillPath.
 */
export const paths = {
  home: '/',
  signIn: '/sign-in',
  /** The second step of a password sign-in when two-step sign-in is on (keeps ?next=). */
  signInTwoStep: '/sign-in/two-step',
  learn: '/learn',
  support: '/support',
  terms: '/legal/terms',
  privacy: '/legal/privacy',
  risk: '/legal/risk',
  about: '/about',
  careers: '/careers',
  yieldsExplained: '/yields-explained',
  helpCenter: '/help-center',
  defi101: '/articles/defi-101',
  yieldFarming: '/articles/how-yield-farming-works',
  passkeySavings: '/articles/passkey-savings-account',
  sendUsdcOnBase: '/articles/send-usdc-on-base',
  testimonials: '/testimonials',
  audits: '/audits',
  mobile: '/mobile',
  faq: '/faq',
  blog: '/blog',
  newsletter: '/newsletter',
  learnMore: '/learn-more',
  authCallback: '/auth/callback',
  resetPassword: '/reset-password',
  emailVerification: '/email-verification',
  getStarted: '/get-started',
  dashboard: '/dashboard',
  vaultDashboard: '/vault-dashboard',
  vaults: '/vaults',
  /** One vault's page: its id from core's vault catalogue. */
  vault: '/vaults/:id',
  performance: '/performance',
  /** Account settings: sessions, email and password, two-step sign-in and passkeys, the data export, closing the account. */
  settings: '/settings',
  /** Which notification emails the saver gets, each on or off. */
  notificationSettings: '/settings/notifications',
  /** Where to send USDC from, with a QR code, and buying USDC with a card or bank. */
  addMoney: '/add-money',
} as const;

export type PathName = keyof typeof paths;
export type AppPath = (typeof paths)[PathName];

/** Pages inside the public shell (sidebar + header). */
export const PUBLIC_SHELL_PATHS: readonly AppPath[] = [
  paths.home,
  paths.signIn,
  paths.learn,
  paths.support,
  paths.terms,
  paths.privacy,
  paths.risk,
  paths.about,
  paths.careers,
  paths.yieldsExplained,
  paths.helpCenter,
  paths.defi101,
  paths.yieldFarming,
  paths.passkeySavings,
  paths.sendUsdcOnBase,
  paths.testimonials,
  paths.audits,
  paths.mobile,
  paths.faq,
  paths.blog,
  paths.newsletter,
  paths.learnMore,
];

/** Pages without the shell; rendered on the client (they read tokens or sessions). */
export const BARE_PATHS: readonly AppPath[] = [
  paths.authCallback,
  paths.resetPassword,
  paths.emailVerification,
  paths.getStarted,
  paths.signInTwoStep,
];

export const PROTECTED_PATHS: readonly AppPath[] = [
  paths.dashboard,
  paths.vaultDashboard,
  paths.vaults,
  paths.vault,
  paths.performance,
  paths.settings,
  paths.notificationSettings,
  paths.addMoney,
];

/** Prerendered to static HTML at build time: public, and showing no personal data. */
export const PRERENDERED_PATHS: readonly AppPath[] = [...PUBLIC_SHELL_PATHS, paths.getStarted];

/**
 * Signed-in pages whose frame is prerendered: the HTML the server
 * sends for them holds the page's title, actions and fixed-size outlines —
 * what every signed-in user sees, no figure and no personal data — so the page
 * paints before its JavaScript arrives. Not public pages: not in the sitemap,
 * and the protected layout still sends a signed-out visitor to /sign-in.
 */
export const SIGNED_IN_FRAME_PATHS: readonly AppPath[] = [paths.dashboard];

export const ALL_PATHS: readonly AppPath[] = [...PUBLIC_SHELL_PATHS, ...BARE_PATHS, ...PROTECTED_PATHS];

/** Whether a concrete path matches a pattern: same segments, a `:param` matching any one non-empty segment. */
export function matchesPath(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/');
  const given = pathname.split('/');
  if (wanted.length !== given.length) return false;
  return wanted.every((segment, index) => (segment.startsWith(':') ? given[index] !== '' : segment === given[index]));
}

/**
 * The values a path parameter may take, where only a few exist: an unknown
 * vault id is a 404 like any unknown path. Written here rather than imported
 * from vaults.ts because the router's config loads this file on its own;
 * paths.test.ts checks it equals the vault catalogue's ids.
 */
export const PATH_PARAM_VALUES: Partial<Record<AppPath, Record<string, readonly string[]>>> = {
  [paths.vault]: { id: ['everyday-cash', 'smart-savings', 'growth-reserve'] },
};

function hasKnownParams(pattern: AppPath, pathname: string): boolean {
  const allowed = PATH_PARAM_VALUES[pattern];
  if (!allowed) return true;
  const given = pathname.split('/');
  return pattern.split('/').every((segment, index) => {
    const values = segment.startsWith(':') ? allowed[segment.slice(1)] : undefined;
    return values === undefined || values.includes(given[index] ?? '');
  });
}

export function isKnownPath(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ALL_PATHS.some((pattern) => matchesPath(pattern, normalized) && hasKnownParams(pattern, normalized));
}

/** The parameter names of a path pattern: '/vaults/:id' → 'id'. */
type PathParams<Pattern extends string> = Pattern extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParams<`/${Rest}`>
  : Pattern extends `${string}:${infer Param}`
    ? Param
    : never;

/** A concrete path from a pattern: fillPath('/vaults/:id', { id: 'smart-savings' }); values are URL-encoded. */
export function fillPath<Pattern extends string>(pattern: Pattern, params: Record<PathParams<Pattern>, string>): string {
  const values: Record<string, string> = params;
  return pattern.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** Home-page sections the sidebar and header scroll to. */
export const HOME_SECTIONS = [
  'vaults',
  'about',
  'security',
  'everyday-cash',
  'smart-savings',
  'growth-reserve',
  'how-it-works',
  'testimonials',
  'trust',
  'mobile',
  'faq',
  'learn',
  'newsletter',
] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

/**
 * A `next` target is followed only when it is a same-site path: starts with one
 * slash, no scheme, no protocol-relative or backslash tricks.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\\]/.test(next)) return null;
  try {
    const url = new URL(next, 'http://keel.invalid');
    if (url.origin !== 'http://keel.invalid') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/**
 * Public pages are prerendered at build time, when the site's address is not
 * known: their absolute URLs (canonical link, Open Graph) carry this origin and
 * the server replaces it with APP_URL as it loads them.
 */
export const ORIGIN_PLACEHOLDER = 'https://keel-app-url.invalid';
