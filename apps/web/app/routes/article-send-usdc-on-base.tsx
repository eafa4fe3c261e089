import { paths } from '@keel/core/paths';
import { pageMeta } from '~/lib/seo';
import { ArticleSendUsdcOnBasePage } from '~/features/marketing/pages/article-send-usdc-on-base-page';
import type { Route } from './+types/article-send-usdc-on-base';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'How to send USDC on Base from an exchange — Keel',
    description: 'Withdraw USDC from an exchange account to your own wallet on the Base network, step by step.',
    path: paths.sendUsdcOnBase,
  });

export default function ArticleSendUsdcOnBaseRoute() {
  return <ArticleSendUsdcOnBasePage />;
}
