import { pageMeta } from '~/lib/seo';
import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { Logo } from '~/components/logo';
import { SignUpBenefits } from '~/features/auth/components/sign-up-benefits';
import { SignUpForm } from '~/features/auth/components/sign-up-form';
import type { Route } from './+types/get-started';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Create Your Account — Keel',
    description: 'Create a Keel account in 2 minutes and start earning on USDC in non-custodial vaults.',
    path: paths.getStarted,
  });

export default function GetStartedRoute() {
  return (
    <div className="grid min-h-svh lg:grid-cols-2">
      <div className="order-2 lg:order-1">
        <SignUpBenefits />
      </div>
      <main id="main" className="order-1 flex flex-col gap-8 px-4 py-8 sm:px-10 lg:order-2 lg:py-12">
        <div className="flex items-center justify-between">
          <Logo />
          <Link to={paths.signIn} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Sign In
          </Link>
        </div>
        <div className="mx-auto flex w-full max-w-md flex-col gap-6">
          <div className="flex flex-col gap-2">
            <h1 className="text-3xl font-bold">Create Your Account</h1>
            <p className="text-muted-foreground">Join Keel and start growing your savings.</p>
          </div>
          <SignUpForm />
        </div>
      </main>
    </div>
  );
}
