import type { Route } from './+types/add-money';
import { AddMoney } from '~/features/money-in/components/add-money';

export const meta: Route.MetaFunction = () => [{ title: 'Add money — Keel' }];

export default function AddMoneyRoute() {
  return <AddMoney />;
}
