import { SignInPanel } from '~/features/auth/components/sign-in-panel';
import type { Route } from './+types/sign-in';

export const meta: Route.MetaFunction = () => [
  { title: 'Sign In — Keel' },
  { name: 'description', content: 'Sign in to your Keel savings account.' },
];

export default function SignInRoute() {
  return <SignInPanel />;
}
