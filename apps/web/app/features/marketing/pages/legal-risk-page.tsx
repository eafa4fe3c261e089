import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { LastUpdated, PageHero, PageSection, Prose } from '../components/page-parts';
import { LEGAL_LAST_UPDATED } from '../content/site';

export function LegalRiskPage() {
  return (
    <>
      <PageHero eyebrow="Legal" title="Risk Disclosure">
        <p>Saving in digital assets is not the same as saving in a bank. Please read this before you deposit.</p>
        <LastUpdated isoDate={LEGAL_LAST_UPDATED.risk} />
      </PageHero>
      <PageSection>
        <div className="mb-6 flex max-w-3xl gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50">
          <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
          <p>
            <strong>Keel is not a bank and deposits are not FDIC insured.</strong> You could lose some or all of the money you
            deposit. Only deposit what you can afford to lose.
          </p>
        </div>
        <Prose>
          <h2>Yields are targets, not promises</h2>
          <p>
            The ranges shown for each vault (Everyday Cash 5-7% APY, Smart Savings 7-12% APY, Growth Reserve 20-30% CAGR) are
            targets based on historical performance. Rates change with borrowing demand and market conditions and can fall to
            zero. Past returns do not guarantee future results.
          </p>

          <h2>Smart-contract risk</h2>
          <p>
            Your deposits are held by third-party smart contracts. Audits reduce but cannot remove the chance of bugs or exploits,
            which could lead to loss of funds.
          </p>

          <h2>Stablecoin risk</h2>
          <p>
            USDC aims to stay worth $1, backed by reserves held by its issuer. It can trade below $1 (“de-peg”) during market
            stress, and its issuer can freeze addresses.
          </p>

          <h2>Market risk in Growth Reserve</h2>
          <p>
            Growth Reserve has exposure to Bitcoin and Ethereum. Their prices are volatile, so the value of this vault can fall
            sharply, and withdrawals may take 24-48 hours due to that exposure. A 0.25% withdrawal fee applies.
          </p>

          <h2>Liquidity risk</h2>
          <p>
            Withdrawal times are estimates. If a lending market is heavily used, withdrawals from a vault may be delayed until
            liquidity returns.
          </p>

          <h2>Network and wallet risk</h2>
          <p>
            Base network congestion or outages can delay transactions. Transactions cannot be reversed, and a lost seed phrase
            cannot be recovered by Keel or anyone else.
          </p>

          <h2>Regulatory risk</h2>
          <p>Laws on digital assets are changing and may affect whether, or how, Keel can be offered where you live.</p>

          <p>
            More detail: <Link to={paths.yieldsExplained}>how yields are generated</Link>, our{' '}
            <Link to={paths.audits}>security overview</Link> and the <Link to={paths.terms}>Terms of Service</Link>.
          </p>
        </Prose>
      </PageSection>
    </>
  );
}
