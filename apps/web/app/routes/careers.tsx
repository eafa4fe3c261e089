import { CareersPage } from '~/features/marketing/pages/careers-page';
import type { Route } from './+types/careers';

export const meta: Route.MetaFunction = () => [
  { title: 'Careers — Keel' },
  { name: 'description', content: 'Open roles at Keel, coming soon.' },
];

export default function CareersRoute() {
  return <CareersPage />;
}
