import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { Logo } from '~/components/logo';
import { legalEntityName, useCurrentYear } from '~/lib/site-settings';
import { FOOTER_COLUMNS, SOCIAL_LINKS } from '../content/site';

/** Footer of every public page: link columns, social links and the risk disclaimers. */
export function SiteFooter() {
  const year = useCurrentYear();
  return (
    <footer className="border-t bg-muted" data-testid="site-footer">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <div className="grid gap-8 md:grid-cols-[1.4fr_repeat(4,1fr)]">
          <div className="flex flex-col gap-3">
            <Logo />
            <p className="max-w-xs text-sm text-muted-foreground">
              Non-custodial USDC savings on Base. Your money, your control, your returns.
            </p>
            <ul className="flex flex-wrap gap-2" aria-label="Social links">
              {SOCIAL_LINKS.map((social) => (
                <li key={social.id}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={social.label}
                    className="inline-flex h-9 items-center rounded-md border bg-background px-3 text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {social.short}
                  </a>
                </li>
              ))}
            </ul>
          </div>
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <h2 className="mb-3 text-sm font-semibold">{column.title}</h2>
              <ul className="flex flex-col gap-2 text-sm">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="text-muted-foreground hover:text-foreground hover:underline">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="mt-10 border-t pt-6 text-xs leading-5 text-muted-foreground" data-testid="risk-disclaimer">
          <p>
            <strong className="text-foreground">Keel is not a bank.</strong> Deposits are not FDIC insured and are not protected
            by any government deposit insurance scheme. Keel is non-custodial software: you hold your own keys and are responsible
            for your wallet.
          </p>
          <p className="mt-2">
            Yields shown are targets or historical ranges and are not guaranteed; returns can be lower and the Growth Reserve
            vault can lose value. Digital assets carry risks including smart-contract failure, stablecoin de-pegging and market
            volatility. Read the{' '}
            <Link to={paths.risk} className="underline">
              Risk Disclosure
            </Link>{' '}
            before depositing. You must be at least 18 to use Keel.
          </p>
          <p className="mt-4" data-testid="copyright">
            © {year} {legalEntityName()}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
