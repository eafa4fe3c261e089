import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
// Relative to the source, like react-router.config.ts: routes are read before any workspace is built.
import { BARE_PATHS, paths, PROTECTED_PATHS, PUBLIC_SHELL_PATHS, type AppPath } from '../../../packages/core/src/paths';

/**
 * The router's config, built from core's route table: each path names its module
 * here (the compiler refuses a path without one), and core's groups decide the
 * layout. A path with parameters (`/vaults/:id`) works as it is.
 */
const ROUTE_MODULES = {
  [paths.home]: 'routes/home.tsx',
  [paths.signIn]: 'routes/sign-in.tsx',
  [paths.signInTwoStep]: 'routes/sign-in-two-step.tsx',
  [paths.learn]: 'routes/learn.tsx',
  [paths.support]: 'routes/support.tsx',
  [paths.terms]: 'routes/legal-terms.tsx',
  [paths.privacy]: 'routes/legal-privacy.tsx',
  [paths.risk]: 'routes/legal-risk.tsx',
  [paths.about]: 'routes/about.tsx',
  [paths.careers]: 'routes/careers.tsx',
  [paths.yieldsExplained]: 'routes/yields-explained.tsx',
  [paths.helpCenter]: 'routes/help-center.tsx',
  [paths.defi101]: 'routes/article-defi-101.tsx',
  [paths.yieldFarming]: 'routes/article-yield-farming.tsx',
  [paths.passkeySavings]: 'routes/article-passkey-savings.tsx',
  [paths.sendUsdcOnBase]: 'routes/article-send-usdc-on-base.tsx',
  [paths.testimonials]: 'routes/testimonials.tsx',
  [paths.audits]: 'routes/audits.tsx',
  [paths.mobile]: 'routes/mobile.tsx',
  [paths.faq]: 'routes/faq.tsx',
  [paths.blog]: 'routes/blog.tsx',
  [paths.newsletter]: 'routes/newsletter.tsx',
  [paths.learnMore]: 'routes/learn-more.tsx',
  [paths.authCallback]: 'routes/auth-callback.tsx',
  [paths.resetPassword]: 'routes/reset-password.tsx',
  [paths.emailVerification]: 'routes/email-verification.tsx',
  [paths.getStarted]: 'routes/get-started.tsx',
  [paths.dashboard]: 'routes/dashboard.tsx',
  [paths.vaultDashboard]: 'routes/vault-dashboard.tsx',
  [paths.vaults]: 'routes/vaults.tsx',
  [paths.vault]: 'routes/vault-details.tsx',
  [paths.performance]: 'routes/performance.tsx',
  [paths.settings]: 'routes/settings.tsx',
  [paths.notificationSettings]: 'routes/notification-settings.tsx',
  [paths.addMoney]: 'routes/add-money.tsx',
} satisfies Record<AppPath, string>;

/** Public pages that talk to the API (sign-in's session query) get the query client. */
const WITH_QUERY_CLIENT: readonly AppPath[] = [paths.signIn];

function page(path: AppPath) {
  const file = ROUTE_MODULES[path];
  return path === paths.home ? index(file) : route(path.slice(1), file);
}

export default [
  layout('layouts/public-shell.tsx', [
    ...PUBLIC_SHELL_PATHS.filter((path) => !WITH_QUERY_CLIENT.includes(path)).map(page),
    layout(
      'layouts/query-provider.tsx',
      { id: 'public-query' },
      PUBLIC_SHELL_PATHS.filter((path) => WITH_QUERY_CLIENT.includes(path)).map(page),
    ),
  ]),
  layout('layouts/query-provider.tsx', [...BARE_PATHS.map(page), layout('layouts/protected.tsx', PROTECTED_PATHS.map(page))]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
