import { paths } from '@keel/core/paths';
import { pageMeta } from '~/lib/seo';
import { MobilePage } from '~/features/marketing/pages/mobile-page';
import type { Route } from './+types/mobile';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Mobile App — Keel',
    description: 'The Keel mobile app is coming soon: join the waitlist to hear when the beta opens.',
    path: paths.mobile,
  });

export default function MobileRoute() {
  return <MobilePage />;
}
