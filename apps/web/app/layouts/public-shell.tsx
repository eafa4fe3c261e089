import {
  BookOpen,
  CircleHelp,
  Layers,
  Mail,
  MessageSquareQuote,
  ShieldCheck,
  Smartphone,
  UserRound,
  Handshake,
} from '~/components/ui/shell-icons';
import { lazy, memo, Suspense, type ComponentType } from 'react';
import type { Route } from './+types/public-shell';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { paths, type HomeSection } from '@keel/core/paths';
import { Sidebar, SidebarProvider, SidebarTrigger, useSidebar } from '~/components/ui/sidebar';
import { HeaderAuth } from '~/components/header-auth';
import { ThemeToggle } from '~/components/theme-toggle';
import { Logo } from '~/components/logo';
import { useScrollToSection } from '~/hooks/use-scroll-to-section';
import { cn } from '~/lib/cn';

// Below the fold on every page: loaded after first paint, still prerendered into the HTML.
const SiteFooter = lazy(() =>
  import('~/features/marketing/components/site-footer').then((module) => ({ default: module.SiteFooter })),
);

type SectionItem = { section: HomeSection; label: string; icon: ComponentType<{ className?: string }> };

const NAVIGATE_ITEMS: readonly SectionItem[] = [
  { section: 'how-it-works', label: 'How It Works', icon: Layers },
  { section: 'security', label: 'Security', icon: ShieldCheck },
  { section: 'testimonials', label: 'Testimonials', icon: MessageSquareQuote },
  { section: 'trust', label: 'Trusted Partners', icon: Handshake },
  { section: 'mobile', label: 'Mobile App', icon: Smartphone },
  { section: 'faq', label: 'FAQ', icon: CircleHelp },
  { section: 'learn', label: 'Learn', icon: BookOpen },
  { section: 'newsletter', label: 'Newsletter', icon: Mail },
];

const HEADER_ANCHORS: readonly { section: HomeSection; label: string }[] = [
  { section: 'vaults', label: 'Savings Vaults' },
  { section: 'how-it-works', label: 'How It Works' },
  { section: 'security', label: 'Security' },
];

/** On the home page: scroll in place. Elsewhere: go to /#section, which scrolls on arrival. */
function useGoToSection() {
  const location = useLocation();
  const navigate = useNavigate();
  return (section: HomeSection) => {
    if (location.pathname === paths.home) {
      document.getElementById(section)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      window.history.replaceState(window.history.state, '', `#${section}`);
      return;
    }
    void navigate(`${paths.home}#${section}`, { state: { scrollTo: section } });
  };
}

/**
 * The visible name of a collapsed rail icon, beside it on hover and on keyboard
 * focus (the link's accessible name is its aria-label, so this is hidden from
 * assistive technology).
 */
function RailLabel({ label }: { label: string }) {
  return (
    <span
      aria-hidden="true"
      data-testid="rail-label"
      className="pointer-events-none invisible absolute left-full top-1/2 z-50 ml-3 -translate-y-1/2 whitespace-nowrap rounded-md bg-foreground px-2 py-1 text-xs font-medium text-background opacity-0 shadow-md transition-opacity group-hover:visible group-hover:opacity-100 group-focus-visible:visible group-focus-visible:opacity-100"
    >
      {label}
    </span>
  );
}

function SidebarNav({ mode, expanded }: { mode: 'rail' | 'drawer'; expanded: boolean }) {
  const goToSection = useGoToSection();
  const { setOpenMobile } = useSidebar();
  const close = () => {
    if (mode === 'drawer') setOpenMobile(false);
  };
  const itemClass = cn(
    'group relative flex h-10 w-full items-center gap-3 rounded-md px-3 text-sm text-sidebar-foreground hover:bg-sidebar-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    !expanded && 'justify-center px-0',
  );
  return (
    // Collapsed, the rail lets the labels overflow to its right (a scrolling box would clip them).
    <nav aria-label="Sidebar" className={cn('flex flex-1 flex-col gap-4 p-2', expanded ? 'overflow-y-auto' : 'overflow-visible')}>
      <div className={cn('flex h-12 items-center px-1', !expanded && 'justify-center')}>
        {expanded ? <Logo onClick={close} /> : <span className="sr-only">Keel</span>}
      </div>
      <div>
        {expanded && <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Navigate</p>}
        <ul className="flex flex-col gap-1">
          {NAVIGATE_ITEMS.map((item) => (
            <li key={item.section}>
              <a
                href={`${paths.home}#${item.section}`}
                className={itemClass}
                aria-label={expanded ? undefined : item.label}
                onClick={(event) => {
                  event.preventDefault();
                  close();
                  goToSection(item.section);
                }}
              >
                <item.icon className="size-4 shrink-0" aria-hidden="true" />
                {expanded ? <span>{item.label}</span> : <RailLabel label={item.label} />}
              </a>
            </li>
          ))}
        </ul>
      </div>
      <div>
        {expanded && <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Account</p>}
        <Link to={paths.vaultDashboard} className={itemClass} aria-label={expanded ? undefined : 'Account'} onClick={close}>
          <UserRound className="size-4 shrink-0" aria-hidden="true" />
          {expanded ? <span>Account</span> : <RailLabel label="Account" />}
        </Link>
      </div>
    </nav>
  );
}

function Header() {
  const goToSection = useGoToSection();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="flex h-16 items-center gap-2 px-3 sm:px-6">
        <SidebarTrigger />
        <Logo compactOnPhones />
        <nav aria-label="Main" className="ml-6 hidden items-center gap-5 text-sm lg:flex">
          {HEADER_ANCHORS.map((anchor) => (
            <a
              key={anchor.section}
              href={`${paths.home}#${anchor.section}`}
              className="text-muted-foreground hover:text-foreground"
              onClick={(event) => {
                event.preventDefault();
                goToSection(anchor.section);
              }}
            >
              {anchor.label}
            </a>
          ))}
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <HeaderAuth />
        </div>
      </div>
    </header>
  );
}

/**
 * Memoised so the router's post-hydration re-render never reaches the
 * prerendered boundary before its code loads (React would replace the server
 * HTML with the empty fallback: a visible jump).
 */
const LazyFooter = memo(function LazyFooter() {
  return (
    <Suspense fallback={null}>
      <SiteFooter />
    </Suspense>
  );
});

/**
 * Holds a public page's first paint until its header has been parsed: `<main id="main">` comes right after it.
 * Painted mid-parse (a busy machine, a slow link), the header's row was laid out with only part of its account
 * corner, which then widened and moved the row when the rest arrived. Chromium lifts a `rel=expect` hold when the
 * element with the id is inserted; browsers without it ignore it, and once the HTML is parsed it holds nothing.
 */
export const links: Route.LinksFunction = () => [{ rel: 'expect', href: '#main', blocking: 'render' }];

export default function PublicShell() {
  useScrollToSection();
  return (
    <SidebarProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:p-2"
      >
        Skip to content
      </a>
      <Sidebar label="Keel navigation">{(mode, expanded) => <SidebarNav mode={mode} expanded={expanded} />}</Sidebar>
      <div className="flex min-w-0 flex-1 flex-col">
        <Header />
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        <LazyFooter />
      </div>
    </SidebarProvider>
  );
}
