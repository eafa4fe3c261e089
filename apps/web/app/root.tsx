import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from 'react-router';
import { useEffect, type ReactNode } from 'react';
import type { Route } from './+types/root';
import { AppProviders } from '~/app-providers';
import { PageSkeleton } from '~/components/ui/skeleton';
import { Anchor } from '~/components/ui/shell-icons';
import { FAVICON_DATA_URL } from '~/lib/favicon';
import { SITE_SCRIPT } from '~/lib/site-settings';
import { THEME_SCRIPT } from '~/lib/theme';
import './app.css';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: FAVICON_DATA_URL, type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    // The head script sets the theme class before React hydrates: expected, not a mismatch.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before any stylesheet: the right theme from the first paint (lib/theme.ts). */}
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        {/* The server writes the operator's site settings into this script as it serves the page (lib/site-settings.ts). */}
        <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SITE_SCRIPT }} />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" media="(prefers-color-scheme: light)" content="#0f766e" />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#0b1220" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Set on <html> once React has taken the page over (its effects run after the whole tree's): the page is interactive. */
const HYDRATED_ATTRIBUTE = 'data-keel-hydrated';

export default function App() {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  }, []);
  return (
    <AppProviders>
      <Outlet />
    </AppProviders>
  );
}

/**
 * Shown while a client-rendered page (the signed-in pages, the one-time auth
 * pages) loads its code: the outline of a page rather than a blank screen.
 */
export function HydrateFallback() {
  return (
    <div className="min-h-svh bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 text-lg font-bold">
          <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <Anchor className="size-4" aria-hidden="true" />
          </span>
          Keel
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8">
        <PageSkeleton label="Loading" />
      </main>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong';
  return (
    <main className="mx-auto flex min-h-svh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">Please reload the page. If it keeps happening, contact support.</p>
      <a className="text-primary underline" href="/">
        Return to Home
      </a>
    </main>
  );
}
