import { TwoStepSignInScreen } from '~/features/auth/components/two-step-sign-in-screen';
import type { Route } from './+types/sign-in-two-step';

export const meta: Route.MetaFunction = () => [{ title: 'Two-Step Sign-In — Keel' }, { name: 'robots', content: 'noindex' }];

export default function SignInTwoStepRoute() {
  return <TwoStepSignInScreen />;
}
