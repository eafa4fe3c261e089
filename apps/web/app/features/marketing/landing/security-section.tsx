import { CircleDollarSign, Eye, KeyRound, LockKeyhole } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@keel/core/paths';

const CARDS = [
  {
    icon: KeyRound,
    title: 'Non-Custodial',
    text: 'Your USDC moves from your wallet straight into the vault contract. Keel cannot move or freeze it; only you can withdraw.',
  },
  {
    icon: LockKeyhole,
    title: 'AES-256 Encryption',
    text: 'Account data is encrypted in transit with TLS and at rest with AES-256. We never ask for, or store, your seed phrase.',
  },
  {
    icon: Eye,
    title: 'Transparent on the Blockchain',
    text: 'Every deposit, withdrawal and vault balance is recorded on Base, where anyone can verify it.',
  },
  {
    icon: CircleDollarSign,
    title: 'USDC Stability',
    text: 'Vaults hold USDC, a dollar-backed stablecoin. It aims to stay at $1, though like any stablecoin it carries issuer risk.',
  },
] as const;

export function SecuritySection() {
  return (
    <section id="security" aria-labelledby="security-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <h2 id="security-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Security First
      </h2>
      <p className="mt-3 max-w-2xl text-muted-foreground">
        Built so that you stay in control. No system is risk-free: read our{' '}
        <Link to={paths.risk} className="text-primary underline">
          risk disclosure
        </Link>{' '}
        and{' '}
        <Link to={paths.audits} className="text-primary underline">
          security overview
        </Link>
        .
      </p>
      <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {CARDS.map((card) => (
          <div key={card.title} className="rounded-xl border bg-card p-6 shadow-sm">
            <card.icon className="size-6 text-primary" aria-hidden="true" />
            <h3 className="mt-4 font-semibold">{card.title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{card.text}</p>
          </div>
        ))}
      </div>
    </section>
  );
}
