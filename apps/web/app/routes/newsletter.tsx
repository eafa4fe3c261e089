import { NewsletterPage } from '~/features/marketing/pages/newsletter-page';
import type { Route } from './+types/newsletter';

export const meta: Route.MetaFunction = () => [
  { title: 'Newsletter — Keel' },
  { name: 'description', content: 'Subscribe to the Keel Weekly: vault performance, product news and DeFi explainers.' },
];

export default function NewsletterRoute() {
  return <NewsletterPage />;
}
