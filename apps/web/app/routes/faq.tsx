import { FaqPage } from '~/features/marketing/pages/faq-page';
import type { Route } from './+types/faq';

export const meta: Route.MetaFunction = () => [
  { title: 'FAQ — Keel' },
  { name: 'description', content: 'Answers to common questions about Keel vaults, yields, fees and risk.' },
];

export default function FaqRoute() {
  return <FaqPage />;
}
