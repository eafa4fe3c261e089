import { paths } from '@keel/core/paths';
import { pageMeta } from '~/lib/seo';
import { ArticlePasskeySavingsPage } from '~/features/marketing/pages/article-passkey-savings-page';
import type { Route } from './+types/article-passkey-savings';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Saving with a passkey, and your recovery kit — Keel',
    description: 'How a savings account you control with your passkey works, why you keep a recovery kit, and who pays the fee.',
    path: paths.passkeySavings,
  });

export default function ArticlePasskeySavingsRoute() {
  return <ArticlePasskeySavingsPage />;
}
