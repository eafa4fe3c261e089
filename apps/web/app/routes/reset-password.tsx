import { ResetPasswordScreen } from '~/features/auth/components/reset-password-screen';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = () => [{ title: 'Reset Password — Keel' }, { name: 'robots', content: 'noindex' }];

export default function ResetPasswordRoute() {
  return <ResetPasswordScreen />;
}
