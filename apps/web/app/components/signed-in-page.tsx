import type { ComponentType, ReactNode } from 'react';
import { NavLink } from 'react-router';
import { ChartLine, LayoutDashboard, UserRound, Vault } from 'lucide-react';
import { paths } from '@keel/core/paths';
import { AccountMenu } from '~/components/account-menu';
import { Logo } from '~/components/logo';
import { ThemeToggle } from '~/components/theme-toggle';
import { useSession, useSignOut } from '~/hooks/use-session';
import { cn } from '~/lib/cn';

// Vaults stays marked on a vault's own page (/vaults/:id); the other links mark only their exact page.
const LINKS = [
  { to: paths.dashboard, label: 'Dashboard' },
  { to: paths.vaultDashboard, label: 'Vault Dashboard' },
  { to: paths.vaults, label: 'Vaults' },
  { to: paths.performance, label: 'Performance' },
] as const;

/** Below 768 px: four tabs at the bottom of the screen instead of links wrapping in the header. */
const TABS: readonly { to: string; label: string; icon: ComponentType<{ className?: string }> }[] = [
  { to: paths.dashboard, label: 'Dashboard', icon: LayoutDashboard },
  { to: paths.vaults, label: 'Vaults', icon: Vault },
  { to: paths.performance, label: 'Performance', icon: ChartLine },
  { to: paths.settings, label: 'Account', icon: UserRound },
];

function SignedInAccountMenu() {
  const { user } = useSession();
  const signOut = useSignOut();
  if (!user) return null;
  return <AccountMenu user={user} onSignOut={() => void signOut()} />;
}

/** The signed-in header: logo, the page links (768 px and up), the theme toggle and the account menu. */
export function SignedInHeader({ accountMenu = <SignedInAccountMenu /> }: { accountMenu?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Logo />
        <nav aria-label="Account" className="ml-4 hidden md:block">
          <ul className="flex gap-1">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to !== paths.vaults}
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
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          {accountMenu}
        </div>
      </div>
    </header>
  );
}

/** The bottom tab bar of the signed-in pages below 768 px. */
export function SignedInTabBar() {
  return (
    <nav
      aria-label="Account"
      data-testid="tab-bar"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="grid grid-cols-4">
        {TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.to !== paths.vaults}
              className={({ isActive }) =>
                cn(
                  'flex h-[calc(4rem-1px)] flex-col items-center justify-center gap-1 text-xs font-medium text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
                  isActive && 'text-primary',
                )
              }
            >
              <tab.icon className="size-5" aria-hidden="true" />
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The frame of the signed-in pages: a header with the account menu, a centred
 * main column, and the bottom tab bar on phones (the column keeps room for it).
 * The protected layout renders it once around the session check and the page.
 */
export function SignedInFrame({ children, accountMenu }: { children: ReactNode; accountMenu?: ReactNode }) {
  return (
    <div className="min-h-svh bg-muted/40 pb-[calc(4rem+env(safe-area-inset-bottom))] md:pb-0">
      <SignedInHeader {...(accountMenu === undefined ? {} : { accountMenu })} />
      <main id="main" className="mx-auto max-w-6xl px-4 py-8">
        {children}
      </main>
      <SignedInTabBar />
    </div>
  );
}
