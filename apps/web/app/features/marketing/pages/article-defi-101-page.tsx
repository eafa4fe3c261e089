import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { ArticleLayout } from './article-layout';

export function ArticleDefi101Page() {
  return (
    <ArticleLayout category="Education" title="DeFi 101: Earning Yield on Stablecoins" readTime="8 min read">
      <p>
        Decentralised finance, or DeFi, is financial services run by software on a blockchain instead of by a bank. Lending,
        borrowing and exchanging happen through smart contracts: programs anyone can inspect, which execute exactly as written.
      </p>
      <h2>What is a stablecoin?</h2>
      <p>
        A stablecoin is a token designed to keep a steady value, usually one US dollar. USDC, the stablecoin Keel uses, is issued
        by Circle and backed by cash and short-term US government bonds held in reserve. You can redeem it through its issuer for
        dollars. Stablecoins let you use DeFi without the price swings of Bitcoin or Ether.
      </p>
      <h2>Where does the yield come from?</h2>
      <p>Stablecoin yield is not created out of thin air. It is paid by someone who finds your dollars useful:</p>
      <ul>
        <li>
          <strong>Borrowers.</strong> Traders and businesses borrow stablecoins from lending markets and pay interest. They must
          lock up collateral worth more than the loan; if its value falls too far, it is sold automatically to repay lenders.
        </li>
        <li>
          <strong>Traders.</strong> Exchanges built on liquidity pools pay a small fee on every swap to the people who supplied
          the pool.
        </li>
        <li>
          <strong>Incentives.</strong> Some protocols add reward tokens to attract deposits. These can be generous but are often
          temporary.
        </li>
      </ul>
      <p>
        Because these sources depend on demand, rates move. A quoted rate is a snapshot or a range from the past, not a promise.
      </p>
      <h2>Custodial vs non-custodial</h2>
      <p>
        With a custodial service, a company holds your coins and you trust it to give them back. With a non-custodial service like
        Keel, the coins sit in smart contracts controlled by your own wallet. Nobody else can move them, but nobody else can
        recover them if you lose access to your wallet either.
      </p>
      <h2>The risks to weigh</h2>
      <ul>
        <li>
          <strong>Smart-contract risk:</strong> a bug can be exploited. Audits reduce this risk; they do not remove it.
        </li>
        <li>
          <strong>De-peg risk:</strong> a stablecoin can trade below $1 during stress.
        </li>
        <li>
          <strong>Rate risk:</strong> yields fall when borrowing demand falls.
        </li>
        <li>
          <strong>Personal security:</strong> phishing sites and fake support agents target wallet owners. Never share your seed
          phrase.
        </li>
      </ul>
      <h2>Getting started safely</h2>
      <ol>
        <li>Set up a reputable wallet and store your seed phrase offline.</li>
        <li>Start with a small amount you can afford to lose while you learn.</li>
        <li>Prefer lower-risk vaults for money you might need soon.</li>
        <li>Check every transaction in your wallet before you sign it.</li>
      </ol>
      <p>
        Next, read <Link to={paths.yieldFarming}>How Yield Farming Works</Link> or see{' '}
        <Link to={paths.yieldsExplained}>how each Keel vault earns</Link>.
      </p>
    </ArticleLayout>
  );
}
