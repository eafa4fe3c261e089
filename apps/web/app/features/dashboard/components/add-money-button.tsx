import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { paths } from '@keel/core/paths';
import { Button } from '~/components/ui/button';

/** "Add money": where to send USDC from, and buying it with a card. */
export function AddMoneyButton() {
  return (
    <Button variant="outline" asChild>
      <Link to={paths.addMoney}>
        <Plus aria-hidden="true" />
        Add money
      </Link>
    </Button>
  );
}
