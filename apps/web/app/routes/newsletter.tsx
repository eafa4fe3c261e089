import { paths } from '@keel/core/paths';
import { pageMeta } from '~/lib/seo';
import { NewsletterPage } from '~/features/marketing/pages/newsletter-page';
import type { Route } from './+types/newsletter';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Newsletter — Keel',
    description: 'Subscribe to the Keel Weekly: vault performance, product news and DeFi explainers.',
    path: paths.newsletter,
  });

export default function NewsletterRoute() {
  return <NewsletterPage />;
}
