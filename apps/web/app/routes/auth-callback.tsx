import { AuthCallbackScreen } from '~/features/auth/components/auth-callback-screen';
import type { Route } from './+types/auth-callback';

export const meta: Route.MetaFunction = () => [{ title: 'Authenticating — Keel' }, { name: 'robots', content: 'noindex' }];

export default function AuthCallbackRoute() {
  return <AuthCallbackScreen />;
}
