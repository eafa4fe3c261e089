import { paths } from '@keel/core/paths';
import { pageMeta } from '~/lib/seo';
import { FaqPage } from '~/features/marketing/pages/faq-page';
import type { Route } from './+types/faq';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'FAQ — Keel',
    description: 'Answers to common questions about Keel vaults, yields, fees and risk.',
    path: paths.faq,
  });

export default function FaqRoute() {
  return <FaqPage />;
}
