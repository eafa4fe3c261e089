import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '@keel/core/paths';
import { Logo } from '~/components/logo';
import { ThemeToggle } from '~/components/theme-toggle';
import { cn } from '~/lib/cn';

const LINKS = [
  { to: paths.dashboard, label: 'Dashboard' },
  { to: paths.vaultDashboard, label: 'Vault Dashboard' },
  { to: paths.vaults, label: 'Vaults' },
  { to: paths.performance, label: 'Performance' },
] as const;

/** The frame of the signed-in pages: a slim navigation bar and a centred main column. */
export function SignedInPage({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-svh bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Logo />
          <nav aria-label="Account">
            <ul className="flex flex-wrap gap-1">
              {LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end
                    className={({ isActive }) =>
                      cn(
                        'rounded-md px-3 py-2 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                        isActive && 'bg-secondary text-secondary-foreground',
                      )
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <ThemeToggle />
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8">{children}</main>
    </div>
  );
}
