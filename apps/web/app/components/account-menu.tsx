import { DropdownMenu } from 'radix-ui';
import { Bell, LogOut, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { cn } from '~/lib/cn';

export type AccountMenuUser = { name: string; email: string };

/** Up to two initials of the name (or of the email when the name is empty). */
export function initialsOf(user: AccountMenuUser): string {
  const words = user.name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 0 ? words.slice(0, 2).map((word) => word[0] ?? '') : [user.email[0] ?? '?'];
  return letters.join('').toUpperCase();
}

const ITEM_CLASS =
  'flex cursor-pointer select-none items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground';

/**
 * The signed-in user's menu: who is signed in (name and email),
 * ways to the account settings and the notification settings, and Sign Out. Shown on every signed-in page and,
 * for a signed-in visitor, in the public header.
 */
export function AccountMenu({
  user,
  onSignOut,
  className,
}: {
  user: AccountMenuUser;
  onSignOut: () => void;
  className?: string;
}) {
  const displayName = user.name.trim() || user.email;
  const initials = initialsOf(user);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        // The name starts with what the button shows (initials, then the name from 640 px), so speech input can
        // say what it sees (WCAG 2.5.3 Label in Name).
        aria-label={`${initials} ${displayName}, account menu`}
        data-testid="account-menu-trigger"
        className={cn(
          'inline-flex h-9 items-center gap-2 rounded-full border bg-background pl-1 pr-1 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:pr-3',
          className,
        )}
      >
        <span
          aria-hidden="true"
          className="flex size-7 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
        >
          {initials}
        </span>{' '}
        <span className="hidden max-w-40 truncate sm:inline">{displayName}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          data-testid="account-menu"
          className="z-50 min-w-60 max-w-[calc(100vw-1rem)] rounded-md border bg-card p-1 text-card-foreground shadow-md"
        >
          <DropdownMenu.Label className="flex flex-col gap-0.5 px-2 py-2">
            <span className="truncate text-sm font-semibold" data-testid="account-menu-name">
              {displayName}
            </span>
            <span className="truncate text-xs text-muted-foreground" data-testid="account-menu-email">
              {user.email}
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={ITEM_CLASS}>
            <Link to={paths.settings}>
              <Settings className="size-4" aria-hidden="true" />
              Account settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={ITEM_CLASS}>
            <Link to={paths.notificationSettings}>
              <Bell className="size-4" aria-hidden="true" />
              Notifications
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={ITEM_CLASS} onSelect={onSignOut}>
            <LogOut className="size-4" aria-hidden="true" />
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
