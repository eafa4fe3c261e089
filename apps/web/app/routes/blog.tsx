import type { Route } from './+types/blog';

export const meta: Route.MetaFunction = () => [{ title: 'Blog — Keel' }];

export default function BlogRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Blog</h1>
    </div>
  );
}
