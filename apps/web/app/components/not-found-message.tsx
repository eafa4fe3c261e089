import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@keel/core/paths';
import { Button } from '~/components/ui/button';

/**
 * The 404 page's message ('Oops! Page not found', a Return to Home link, the missing path
 * logged): the whole page for an unknown route, and inside the signed-in frame for an unknown vault.
 */
export function NotFoundMessage() {
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <>
      <h1 className="text-5xl font-bold">404</h1>
      <p className="text-xl text-muted-foreground">Oops! Page not found</p>
      <Button asChild>
        <Link to={paths.home}>Return to Home</Link>
      </Button>
    </>
  );
}
