import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { ArticleLayout } from './article-layout';

export function ArticleYieldFarmingPage() {
  return (
    <ArticleLayout category="Strategy" title="How Yield Farming Works" readTime="10 min read">
      <p>
        “Yield farming” means putting crypto assets to work in DeFi protocols to earn a return. The name sounds exotic, but most
        of it comes down to three activities: lending, providing liquidity and compounding.
      </p>
      <h2>1. Lending</h2>
      <p>
        You deposit stablecoins into a lending market. Borrowers take loans against collateral worth more than what they borrow
        and pay interest, which flows to lenders. The rate adjusts automatically: when most of the pool is borrowed, rates rise to
        attract more lenders; when little is borrowed, rates fall.
      </p>
      <p>This is the simplest and usually the steadiest strategy. It is the main engine behind Keel’s Everyday Cash vault.</p>
      <h2>2. Providing liquidity</h2>
      <p>
        Decentralised exchanges need pools of two or more tokens for people to trade against. If you add tokens to a pool you
        receive a share of the trading fees. Pools of two stablecoins (for example USDC and another dollar stablecoin) avoid most
        price risk, but if one stablecoin loses its peg, the pool ends up holding more of the weaker one.
      </p>
      <h2>3. Compounding</h2>
      <p>
        Interest and fees are often paid in small amounts. Compounding means regularly reinvesting them so they earn too. Doing
        this by hand costs time and network fees; vaults do it automatically for everyone at once. Keel’s Smart Savings vault
        combines lending and liquidity strategies and compounds the rewards.
      </p>
      <h2>A worked example</h2>
      <p>
        Suppose a vault earns an average of 8% APR for a year, compounded daily. $1,000 would grow to about $1,083, an APY of
        about 8.3%. If the average rate were 4% instead, it would grow to about $1,041. This is an illustration, not a forecast:
        the real rate changes every day.
      </p>
      <h2>Why higher yields mean higher risk</h2>
      <p>
        Unusually high yields usually pay you for taking a risk: newer contracts, volatile assets, or temporary reward tokens
        whose price can collapse. Keel’s Growth Reserve vault targets 20-30% CAGR precisely because it holds Bitcoin and Ethereum
        exposure, and its value can fall as well as rise.
      </p>
      <h2>Questions to ask of any yield</h2>
      <ul>
        <li>Who is paying this yield, and why?</li>
        <li>Is the rate a target, a historical range or a promise? (In DeFi, it is never truly a promise.)</li>
        <li>What happens to my deposit if the contract fails or an asset de-pegs?</li>
        <li>How quickly, and at what cost, can I withdraw?</li>
      </ul>
      <p>
        New to all this? Start with <Link to={paths.defi101}>DeFi 101</Link>, then compare the{' '}
        <Link to={paths.yieldsExplained}>three Keel vaults</Link>.
      </p>
    </ArticleLayout>
  );
}
