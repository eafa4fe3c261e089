import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  layout('layouts/public-shell.tsx', [
    index('routes/home.tsx'),
    layout('layouts/query-provider.tsx', { id: 'public-query' }, [route('sign-in', 'routes/sign-in.tsx')]),
    route('learn', 'routes/learn.tsx'),
    route('support', 'routes/support.tsx'),
    route('legal/terms', 'routes/legal-terms.tsx'),
    route('legal/privacy', 'routes/legal-privacy.tsx'),
    route('legal/risk', 'routes/legal-risk.tsx'),
    route('about', 'routes/about.tsx'),
    route('careers', 'routes/careers.tsx'),
    route('yields-explained', 'routes/yields-explained.tsx'),
    route('help-center', 'routes/help-center.tsx'),
    route('articles/defi-101', 'routes/article-defi-101.tsx'),
    route('articles/how-yield-farming-works', 'routes/article-yield-farming.tsx'),
    route('testimonials', 'routes/testimonials.tsx'),
    route('audits', 'routes/audits.tsx'),
    route('mobile', 'routes/mobile.tsx'),
    route('faq', 'routes/faq.tsx'),
    route('blog', 'routes/blog.tsx'),
    route('newsletter', 'routes/newsletter.tsx'),
    route('learn-more', 'routes/learn-more.tsx'),
  ]),
  layout('layouts/query-provider.tsx', [
    route('auth/callback', 'routes/auth-callback.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    route('email-verification', 'routes/email-verification.tsx'),
    route('get-started', 'routes/get-started.tsx'),
    layout('layouts/protected.tsx', [
      route('dashboard', 'routes/dashboard.tsx'),
      route('vault-dashboard', 'routes/vault-dashboard.tsx'),
      route('vaults', 'routes/vaults.tsx'),
      route('performance', 'routes/performance.tsx'),
    ]),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
