import { PanelLeft } from '~/components/ui/shell-icons';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ComponentProps,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { SIDEBAR } from '@keel/core/constants';
import { useEarlyClick } from '~/hooks/use-early-input';
import { useIsMobile } from '~/hooks/use-is-mobile';
import { cn } from '~/lib/cn';

type SidebarContextValue = {
  /** Desktop: expanded (16rem) or collapsed to icons (3rem). */
  open: boolean;
  /** Mobile: the drawer is showing. */
  openMobile: boolean;
  isMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  toggle: () => void;
};

const SidebarDrawer = lazy(() => import('./sidebar-drawer'));

type SidebarState = { choice: boolean | null; openMobile: boolean };
type SidebarStore = {
  get: () => SidebarState;
  set: (patch: Partial<SidebarState>) => void;
  subscribe: (listener: () => void) => () => void;
};

function createSidebarStore(): SidebarStore {
  let state: SidebarState = { choice: null, openMobile: false };
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set: (patch) => {
      state = { ...state, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/*
 * The context carries a store that never changes, not the state itself: a
 * changing context value would reach the page's prerendered Suspense
 * boundaries before they hydrate, and React would discard their server HTML
 * (the whole landing page blinking out on phones). Consumers subscribe instead.
 */
const SidebarContext = createContext<SidebarStore | null>(null);

function useSidebarState(store: SidebarStore): SidebarContextValue {
  const isMobile = useIsMobile();
  const savedOpen = useSyncExternalStore(
    subscribeToNothing,
    () => readSidebarCookie(document.cookie) ?? false,
    () => false,
  );
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  const open = state.choice ?? savedOpen;
  const setOpenMobile = useCallback((value: boolean) => store.set({ openMobile: value }), [store]);
  const toggle = useCallback(() => {
    if (isMobile) {
      store.set({ openMobile: !store.get().openMobile });
      return;
    }
    store.set({ choice: !open });
    writeSidebarCookie(!open);
  }, [isMobile, open, store]);
  return { open, openMobile: state.openMobile, isMobile, setOpenMobile, toggle };
}

export function useSidebar(): SidebarContextValue {
  const store = useContext(SidebarContext);
  if (!store) throw new Error('useSidebar must be used inside SidebarProvider');
  return useSidebarState(store);
}

export function readSidebarCookie(cookie: string): boolean | null {
  const match = cookie.match(new RegExp(`(?:^|;\\s*)${SIDEBAR.cookieName}=(true|false)`));
  return match ? match[1] === 'true' : null;
}

/** The cookie only changes through this provider, so there is nothing to subscribe to. */
function subscribeToNothing(): () => void {
  return () => undefined;
}

function writeSidebarCookie(open: boolean): void {
  document.cookie = `${SIDEBAR.cookieName}=${open}; path=/; max-age=${SIDEBAR.cookieMaxAgeSeconds}; samesite=lax`;
}

/**
 * Starts collapsed; the last choice is kept in a cookie for 7 days and
 * applied after hydration, so prerendered HTML stays identical for everyone.
 */
export function SidebarProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createSidebarStore);
  const { open, toggle } = useSidebarState(store);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SIDEBAR.shortcutKey && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const style = {
    '--sidebar-width': SIDEBAR.widthDesktop,
    '--sidebar-width-mobile': SIDEBAR.widthMobile,
    '--sidebar-width-icon': SIDEBAR.widthIcon,
  } as CSSProperties;

  return (
    <SidebarContext.Provider value={store}>
      <div style={style} className="flex min-h-svh w-full" data-sidebar-state={open ? 'expanded' : 'collapsed'}>
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

/** Desktop rail (768 px and up) and the mobile drawer, with the same contents. */
export function Sidebar({
  children,
  label,
}: {
  children: (mode: 'rail' | 'drawer', expanded: boolean) => ReactNode;
  label: string;
}) {
  const { open, openMobile, setOpenMobile } = useSidebar();
  // Mount the drawer from its first opening on, so it can animate closed and reopen.
  const [everOpenedMobile, setEverOpenedMobile] = useState(false);
  if (openMobile && !everOpenedMobile) setEverOpenedMobile(true);
  return (
    <>
      {/* The column runs the page's full height (its border and colour); the rail inside stays in view. */}
      <div
        className={cn(
          'relative z-50 hidden shrink-0 bg-sidebar shadow-[inset_-1px_0_0_var(--color-border)] transition-[width] duration-200 md:block',
          open ? 'w-[var(--sidebar-width)]' : 'w-[var(--sidebar-width-icon)]',
        )}
        data-testid="sidebar-column"
      >
        <aside
          aria-label={label}
          data-testid="sidebar"
          data-state={open ? 'expanded' : 'collapsed'}
          className={cn(
            'sticky top-0 flex h-svh flex-col text-sidebar-foreground transition-[width] duration-200',
            open ? 'w-[var(--sidebar-width)]' : 'w-[var(--sidebar-width-icon)]',
          )}
        >
          {children('rail', open)}
        </aside>
      </div>
      {everOpenedMobile && (
        <Suspense fallback={null}>
          <SidebarDrawer open={openMobile} onOpenChange={setOpenMobile} label={label}>
            {children('drawer', true)}
          </SidebarDrawer>
        </Suspense>
      )}
    </>
  );
}

export function SidebarTrigger({ className, ...props }: ComponentProps<'button'>) {
  const { toggle, open, openMobile, isMobile } = useSidebar();
  // Content pages hydrate after the load event: a tap on the menu before that is replayed, not lost.
  const early = useEarlyClick();
  return (
    <button
      {...early}
      type="button"
      onClick={toggle}
      aria-label="Toggle sidebar"
      aria-expanded={isMobile ? openMobile : open}
      title="Toggle sidebar (Ctrl/Cmd + B)"
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-md hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
      {...props}
    >
      <PanelLeft className="size-5" aria-hidden="true" />
    </button>
  );
}
