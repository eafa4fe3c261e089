import type { Route } from './+types/vault-dashboard';

export const meta: Route.MetaFunction = () => [{ title: 'Your Vault Dashboard — Keel' }];

export default function VaultDashboardRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Your Vault Dashboard</h1>
    </div>
  );
}
