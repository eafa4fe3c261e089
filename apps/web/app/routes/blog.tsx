import { paths } from '@keel/core/paths';
import { pageMeta } from '~/lib/seo';
import { BlogPage } from '~/features/marketing/pages/blog-page';
import type { Route } from './+types/blog';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Blog — Keel',
    description: 'Guides, strategy and analysis for stablecoin savers.',
    path: paths.blog,
  });

export default function BlogRoute() {
  return <BlogPage />;
}
