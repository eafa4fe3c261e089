import { BlogPage } from '~/features/marketing/pages/blog-page';
import type { Route } from './+types/blog';

export const meta: Route.MetaFunction = () => [
  { title: 'Blog — Keel' },
  { name: 'description', content: 'Guides, strategy and analysis for stablecoin savers.' },
];

export default function BlogRoute() {
  return <BlogPage />;
}
