import { paths } from '@keel/core/paths';
import { pageMeta } from '~/lib/seo';
import { AboutPage } from '~/features/marketing/pages/about-page';
import type { Route } from './+types/about';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'About — Keel',
    description: 'Why we built Keel, a non-custodial USDC savings app on Base.',
    path: paths.about,
  });

export default function AboutRoute() {
  return <AboutPage />;
}
