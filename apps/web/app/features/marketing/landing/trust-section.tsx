import { ShieldCheck } from 'lucide-react';
import { PARTNERS } from '../content/partners';

export function TrustSection() {
  return (
    <section id="trust" aria-labelledby="trust-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <h2 id="trust-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Trusted Partners
      </h2>
      <p className="mt-3 max-w-2xl text-muted-foreground">The open infrastructure Keel is built on.</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {PARTNERS.map((partner) => (
          <li key={partner.name} className="rounded-xl border bg-card p-5 shadow-sm">
            <div className="flex items-center gap-2">
              <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
              <h3 className="font-semibold">{partner.name}</h3>
            </div>
            <p className="mt-1 text-xs font-medium uppercase tracking-wide text-muted-foreground">{partner.role}</p>
            <p className="mt-2 text-sm text-muted-foreground">{partner.description}</p>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-xs text-muted-foreground">Names describe the technology Keel uses and do not imply endorsement.</p>
    </section>
  );
}
