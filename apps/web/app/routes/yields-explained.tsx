import { YieldsExplainedPage } from '~/features/marketing/pages/yields-explained-page';
import type { Route } from './+types/yields-explained';

export const meta: Route.MetaFunction = () => [
  { title: 'How Yields Are Generated — Keel' },
  { name: 'description', content: 'Where the yield in each Keel vault comes from, and why every rate is a target range.' },
];

export default function YieldsExplainedRoute() {
  return <YieldsExplainedPage />;
}
