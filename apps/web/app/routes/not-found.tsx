import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@keel/core/paths';
import { Button } from '~/components/ui/button';
import type { Route } from './+types/not-found';

export const meta: Route.MetaFunction = () => [{ title: 'Page not found — Keel' }];

export default function NotFoundRoute() {
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 bg-muted p-6 text-center">
      <h1 className="text-5xl font-bold">404</h1>
      <p className="text-xl text-muted-foreground">Oops! Page not found</p>
      <Button asChild>
        <Link to={paths.home}>Return to Home</Link>
      </Button>
    </main>
  );
}
