import { Anchor } from '~/components/ui/shell-icons';
import { Link } from 'react-router';
import { paths } from '@keel/core/paths';

export function Logo({ onClick }: { onClick?: () => void }) {
  return (
    <Link
      to={paths.home}
      onClick={onClick}
      className="flex items-center gap-2 rounded-md font-bold text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Anchor className="size-4" aria-hidden="true" />
      </span>
      <span className="text-lg">Keel</span>
    </Link>
  );
}
