import { paths } from '@keel/core/paths';
import { pageMeta } from '~/lib/seo';
import { CareersPage } from '~/features/marketing/pages/careers-page';
import type { Route } from './+types/careers';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Careers — Keel',
    description: 'Open roles at Keel, coming soon.',
    path: paths.careers,
  });

export default function CareersRoute() {
  return <CareersPage />;
}
