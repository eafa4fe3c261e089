import type { Route } from './+types/article-defi-101';

export const meta: Route.MetaFunction = () => [{ title: 'DeFi 101 — Keel' }];

export default function ArticleDefi101Route() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">DeFi 101</h1>
    </div>
  );
}
