import type { Route } from './+types/performance';
import { PerformanceView } from '~/features/performance/components/performance-view';

export const meta: Route.MetaFunction = () => [{ title: 'Vault Performance — Keel' }];

export default function PerformanceRoute() {
  return <PerformanceView />;
}
