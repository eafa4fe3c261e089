import type { Route } from './+types/article-yield-farming';

export const meta: Route.MetaFunction = () => [{ title: 'How Yield Farming Works — Keel' }];

export default function ArticleYieldFarmingRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">How Yield Farming Works</h1>
    </div>
  );
}
