import { EmailVerificationScreen } from '~/features/auth/components/email-verification-screen';
import type { Route } from './+types/email-verification';

export const meta: Route.MetaFunction = () => [{ title: 'Email Verification — Keel' }, { name: 'robots', content: 'noindex' }];

export default function EmailVerificationRoute() {
  return <EmailVerificationScreen />;
}
