import { CircleDollarSign, Clock, Sprout, TrendingUp } from 'lucide-react';
import { ADVERTISED_APY } from '@keel/core/constants';

const BENEFITS = [
  { icon: Clock, title: 'Sign up in 2 minutes', text: 'Just your name, email and a password.' },
  { icon: CircleDollarSign, title: 'Deposit USDC', text: 'Fund a vault on Base from your own wallet.' },
  { icon: Sprout, title: 'Start earning', text: 'Yield accrues daily; withdraw anytime, no penalties.' },
  {
    icon: TrendingUp,
    title: `Up to ${ADVERTISED_APY.max}% returns`,
    text: 'Target yields, not guaranteed. Your funds stay in your control.',
  },
] as const;

/** The benefit side of the split sign-up layout. */
export function SignUpBenefits() {
  return (
    <section
      aria-labelledby="benefits-title"
      className="flex h-full flex-col justify-center gap-8 bg-gradient-to-br from-teal-700 to-teal-900 px-6 py-10 text-white sm:px-10 lg:py-16"
    >
      <div className="flex flex-col gap-3">
        <h2 id="benefits-title" className="text-3xl font-bold leading-tight">
          Start earning on your idle cash
        </h2>
        <p className="text-teal-50">Non-custodial USDC savings vaults. You keep control of your funds.</p>
      </div>
      <ul className="flex flex-col gap-5">
        {BENEFITS.map((benefit) => (
          <li key={benefit.title} className="flex gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/15">
              <benefit.icon className="size-5" aria-hidden="true" />
            </span>
            <span className="flex flex-col">
              <span className="font-semibold">{benefit.title}</span>
              <span className="text-sm text-teal-50">{benefit.text}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="text-xs text-teal-100">
        Keel is not a bank. Deposits are not FDIC insured. Yields are targets or historical ranges.
      </p>
    </section>
  );
}
