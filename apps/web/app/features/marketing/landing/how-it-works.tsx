import { ArrowDownToLine, Coins, TrendingUp, UserPlus } from 'lucide-react';

const STEPS = [
  { icon: UserPlus, title: 'Create your account', text: 'Sign up with your email in about two minutes and verify your address.' },
  {
    icon: Coins,
    title: 'Fund your vault with USDC',
    text: 'Connect your wallet and deposit USDC on Base into the vault that suits you.',
  },
  {
    icon: TrendingUp,
    title: 'Earn yield daily',
    text: 'Returns compound daily as the vault strategies earn. Track them on your dashboard.',
  },
  {
    icon: ArrowDownToLine,
    title: 'Withdraw anytime',
    text: 'Move your USDC back to your wallet whenever you like, with no penalties from Keel.',
  },
] as const;

export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="bg-muted">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="how-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          How It Works
        </h2>
        <p className="mt-3 max-w-2xl text-muted-foreground">Four steps from sign-up to your first earnings.</p>
        <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-xl border bg-card p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                  {index + 1}
                </span>
                <step.icon className="size-5 text-primary" aria-hidden="true" />
              </div>
              <h3 className="mt-4 font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
