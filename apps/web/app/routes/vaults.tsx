import type { Route } from './+types/vaults';

export const meta: Route.MetaFunction = () => [{ title: 'Choose Your Vault — Keel' }];

export default function VaultsRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Choose Your Vault</h1>
    </div>
  );
}
