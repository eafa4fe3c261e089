import type { Route } from './+types/dashboard';
import type { SignedInRouteHandle } from '~/layouts/signed-in-frame-handle';
import { DashboardFrame, FRAME_HEADER_ID } from '~/features/vaults/components/dashboard-frame';
import { SavingsDashboard } from '~/features/vaults/components/savings-dashboard';
import { WalletBoundary } from '~/features/wallet/components/wallet-boundary';

export const meta: Route.MetaFunction = () => [
  { title: 'Dashboard — Keel' },
  // No first paint before the frame's header is whole (dashboard-frame.tsx). Browsers without rel=expect
  // ignore it; once the HTML is parsed it does nothing, so it never holds a page React renders later.
  { tagName: 'link', rel: 'expect', href: `#${FRAME_HEADER_ID}`, blocking: 'render' },
];

/** What the protected layout shows while the session is checked: this page's own frame (prerendered). */
export const handle: SignedInRouteHandle = { frame: <DashboardFrame /> };

export default function DashboardRoute() {
  return (
    <WalletBoundary contentFirst>
      <SavingsDashboard />
    </WalletBoundary>
  );
}
