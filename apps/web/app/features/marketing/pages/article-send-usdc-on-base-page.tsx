import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { ArticleLayout } from './article-layout';

export function ArticleSendUsdcOnBasePage() {
  return (
    <ArticleLayout category="Deposits & Withdrawals" title="How to send USDC on Base from an exchange" readTime="4 min read">
      <p>
        Keel saves in USDC, a digital dollar, on a network called Base. If you hold USDC (or dollars) on an exchange such as
        Coinbase, Kraken or Binance, you can send it to the wallet you linked to Keel and then deposit it into a vault.
      </p>
      <h2>Before you start</h2>
      <ul>
        <li>
          Open <Link to={paths.addMoney}>Add money</Link> in Keel. It shows your wallet’s address in full, with a copy button and
          a QR code.
        </li>
        <li>Make sure your exchange account holds USDC. If it holds dollars, buy USDC first; most exchanges do this at 1:1.</li>
      </ul>
      <h2>Step by step</h2>
      <ol>
        <li>On the exchange, choose Withdraw (sometimes called Send), then pick USDC.</li>
        <li>
          Paste your address from Keel’s Add money page, or scan its QR code with the exchange’s app. Check the first and last few
          characters match.
        </li>
        <li>
          Choose <strong>Base</strong> as the network. Exchanges often offer several networks for USDC (Ethereum, Solana,
          Polygon…). Only Base arrives where Keel can see it.
        </li>
        <li>Send a small test amount first, such as 5 USDC. When it shows in Keel, send the rest.</li>
        <li>
          Back in Keel, the money appears on your dashboard as <em>Ready to deposit</em>, and as <em>Received</em> in your
          activity. Choose Deposit to move it into a vault.
        </li>
      </ol>
      <h2>The one rule that matters</h2>
      <p>
        <strong>Send only USDC, and only on Base (chain 8453).</strong> Other tokens, or USDC sent on another network, can be
        lost: Keel cannot see them and cannot get them back for you.
      </p>
      <h2>How long does it take?</h2>
      <p>
        Exchanges usually process a withdrawal within minutes, though some hold new accounts’ withdrawals for longer. Once it
        leaves the exchange, Base confirms it in a few seconds. The exchange may charge a small withdrawal fee.
      </p>
      <h2>No crypto at all?</h2>
      <p>
        Where it is switched on, Add money also offers <em>Buy USDC with a card or bank</em> through Coinbase: you pay Coinbase,
        and the USDC goes straight to your wallet on Base.
      </p>
    </ArticleLayout>
  );
}
