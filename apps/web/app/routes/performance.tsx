import type { Route } from './+types/performance';
import { SignedInPage } from '~/components/signed-in-page';
import { PerformanceView } from '~/features/performance/components/performance-view';

export const meta: Route.MetaFunction = () => [{ title: 'Vault Performance — Keel' }];

export default function PerformanceRoute() {
  return (
    <SignedInPage>
      <PerformanceView />
    </SignedInPage>
  );
}
