import type { Route } from './+types/add-money';
import { AddMoney } from '~/features/money-in/components/add-money';
import { CreatePasskeyAccountButton } from '~/features/passkey-account/components/passkey-account-card';

export const meta: Route.MetaFunction = () => [{ title: 'Add money — Keel' }];

export default function AddMoneyRoute() {
  return <AddMoney createSavingsAccount={<CreatePasskeyAccountButton variant="outline" />} />;
}
