import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { VAULTS, formatWithdrawalFee, riskPhrase } from '@keel/core/vaults';
import { Button } from '~/components/ui/button';
import { PageHero, PageSection, Prose, SectionHeading } from '../components/page-parts';

const SOURCES = {
  'everyday-cash': [
    'Lends USDC to over-collateralised lending markets on Base: borrowers post more collateral than they borrow and pay interest.',
    'Interest accrues every block; the vault share price rises as it does.',
    'Main risks: smart-contract bugs, and rates falling when borrowing demand drops.',
  ],
  'smart-savings': [
    'Spreads USDC across several lending markets and stablecoin liquidity pools to earn interest plus trading fees.',
    'Rewards are harvested and reinvested automatically, so returns compound without any action from you.',
    'Main risks: more contracts involved, and liquidity-pool exposure to stablecoin price moves.',
  ],
  'growth-reserve': [
    'Combines stablecoin yield with exposure to Bitcoin and Ethereum, aiming for long-term growth.',
    'The 20-30% target is a compound annual growth rate (CAGR) over several years, not a steady yearly return.',
    'Main risks: crypto prices can fall sharply, so this vault can lose value. Withdrawals may take 24-48 hours.',
  ],
} as const;

export function YieldsExplainedPage() {
  return (
    <>
      <PageHero eyebrow="How yields work" title="Where your yield comes from">
        <p>No magic and no promises: here is how each vault earns, what can go wrong, and why every rate is a target range.</p>
      </PageHero>
      <PageSection>
        <Prose>
          <h2>The short version</h2>
          <p>
            On-chain, people borrow stablecoins and pay interest to do so. Others trade between stablecoins and pay fees. Vaults
            put deposits to work in those markets and pass the earnings back to savers. When demand to borrow is high, yields
            rise; when it falls, yields fall.
          </p>
          <h2>APY, APR and CAGR</h2>
          <p>
            <strong>APR</strong> is a simple yearly rate. <strong>APY</strong> includes compounding: earnings are reinvested, so
            they earn too. Keel vaults compound daily. <strong>CAGR</strong> (compound annual growth rate) describes growth over
            several years, smoothing out good and bad years, which is why Growth Reserve is quoted that way.
          </p>
        </Prose>
      </PageSection>
      <PageSection aria-labelledby="by-vault">
        <SectionHeading id="by-vault" title="Vault by vault" />
        <div className="grid gap-6 lg:grid-cols-3">
          {VAULTS.map((vault) => (
            <article key={vault.id} className="rounded-xl border bg-card p-6 shadow-sm">
              <h3 className="text-lg font-semibold">{vault.name}</h3>
              <p className="mt-1 text-2xl font-bold text-primary">{vault.apyText}</p>
              <p className="text-xs text-muted-foreground">Target range, {riskPhrase(vault.risk)}</p>
              <ul className="mt-4 list-disc space-y-2 pl-5 text-sm text-muted-foreground">
                {SOURCES[vault.id].map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <p className="mt-4 text-sm">
                Withdrawal: {vault.withdrawal.time.toLowerCase()}, {formatWithdrawalFee(vault).toLowerCase()}.
              </p>
            </article>
          ))}
        </div>
      </PageSection>
      <PageSection>
        <Prose>
          <h2>What Keel does not do</h2>
          <ul>
            <li>We do not take custody of your USDC or lend it out ourselves.</li>
            <li>We do not guarantee any rate: figures are targets or historical ranges.</li>
            <li>We are not a bank and deposits are not FDIC insured.</li>
          </ul>
          <p>
            Read the full <Link to={paths.risk}>risk disclosure</Link>, or our guides <Link to={paths.defi101}>DeFi 101</Link> and{' '}
            <Link to={paths.yieldFarming}>How Yield Farming Works</Link>.
          </p>
        </Prose>
        <div className="mt-8">
          <Button asChild>
            <Link to={paths.getStarted}>Start Saving</Link>
          </Button>
        </div>
      </PageSection>
    </>
  );
}
