import { paths } from '@keel/core/paths';
import { pageMeta } from '~/lib/seo';
import { SignInPanel } from '~/features/auth/components/sign-in-panel';
import type { Route } from './+types/sign-in';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Sign In — Keel',
    description: 'Sign in to your Keel savings account.',
    path: paths.signIn,
  });

export default function SignInRoute() {
  return <SignInPanel />;
}
