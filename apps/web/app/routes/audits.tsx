import { paths } from '@keel/core/paths';
import { pageMeta } from '~/lib/seo';
import { AuditsPage } from '~/features/marketing/pages/audits-page';
import type { Route } from './+types/audits';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Security — Keel',
    description: 'How Keel protects your account and funds, and the status of our security reviews.',
    path: paths.audits,
  });

export default function AuditsRoute() {
  return <AuditsPage />;
}
