import { paths } from '@keel/core/paths';
import { pageMeta } from '~/lib/seo';
import { SupportPage } from '~/features/marketing/pages/support-page';
import type { Route } from './+types/support';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Support — Keel',
    description: 'Get help with Keel: browse the Help Center or contact our support team.',
    path: paths.support,
  });

export default function SupportRoute() {
  return <SupportPage />;
}
