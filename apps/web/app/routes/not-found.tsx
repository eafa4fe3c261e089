import { NotFoundMessage } from '~/components/not-found-message';
import type { Route } from './+types/not-found';

export const meta: Route.MetaFunction = () => [{ title: 'Page not found — Keel' }];

export default function NotFoundRoute() {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 bg-muted p-6 text-center">
      <NotFoundMessage />
    </main>
  );
}
