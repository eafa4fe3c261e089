import { Anchor } from '~/components/ui/shell-icons';
import { Link } from 'react-router';
import { paths } from '@keel/core/paths';

/**
 * The brand mark and name. `compactOnPhones` keeps only the mark below the `sm` breakpoint (the name stays the
 * link's accessible name): the public header's row (menu, logo, theme, Sign In, Get Started) is wider than a
 * 360 px phone with the name shown, and a row that does not fit gets squeezed differently from one paint to the
 * next, which moves the header.
 */
export function Logo({ onClick, compactOnPhones = false }: { onClick?: () => void; compactOnPhones?: boolean }) {
  return (
    <Link
      to={paths.home}
      onClick={onClick}
      className="flex shrink-0 items-center gap-2 rounded-md font-bold text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Anchor className="size-4" aria-hidden="true" />
      </span>
      <span className={compactOnPhones ? 'sr-only text-lg sm:not-sr-only' : 'text-lg'}>Keel</span>
    </Link>
  );
}
