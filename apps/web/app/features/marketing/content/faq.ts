export type FaqItem = { id: string; question: string; answer: string };

/**
 * Home-page FAQ (deposit, lock-up, yield source, withdraw anytime, wallet
 * needed, fund safety). Its reading (no minimum, no lock-up) differs from the
 * help centre's 24-hour lock-up; the product states both, so both are shown as stated.
 */
const MINIMUM_DEPOSIT: FaqItem = {
  id: 'minimum-deposit',
  question: 'Is there a minimum deposit?',
  answer:
    'No minimum deposit. You can start with whatever amount of USDC you are comfortable with. Keep in mind that network fees on Base are small but not zero, and promotions such as the August bonus have their own minimum.',
};

const LOCK_UP: FaqItem = {
  id: 'lock-up',
  question: 'Is there a lock-up period?',
  answer:
    'No lock-up. Your USDC is never locked by Keel. Each vault has its own withdrawal time: Everyday Cash is instant, Smart Savings takes 1-2 hours, and Growth Reserve can take 24-48 hours.',
};

const YIELD_SOURCE: FaqItem = {
  id: 'yield-source',
  question: 'Where does the yield come from?',
  answer:
    'Yield comes from on-chain activity: borrowers paying interest in over-collateralised lending markets, trading fees from liquidity provision, and, for Growth Reserve, exposure to Bitcoin and Ethereum. Rates move with demand, so every figure we show is a target or a historical range, never a guarantee.',
};

const WITHDRAW_ANYTIME: FaqItem = {
  id: 'withdraw-anytime',
  question: 'Can I withdraw anytime?',
  answer:
    'Yes. You can request a withdrawal at any time with no penalty from Keel. Everyday Cash and Smart Savings charge no withdrawal fee; Growth Reserve charges 0.25% and may take 24-48 hours because of its crypto exposure.',
};

const WALLET_NEEDED: FaqItem = {
  id: 'wallet-needed',
  question: 'Do I need a crypto wallet?',
  answer:
    'Yes. Keel is non-custodial, so your USDC stays in a wallet you control on the Base network. You can connect a browser wallet or a mobile wallet; if you are new to wallets, our help centre walks you through setting one up.',
};

const FUND_SAFETY: FaqItem = {
  id: 'fund-safety',
  question: 'Are my funds safe?',
  answer:
    'Keel never holds your funds: deposits go from your wallet into third-party vault contracts on Base, and only you can withdraw them. That removes the risk of Keel misusing your money, but not every risk: smart contracts can have bugs, markets can move and USDC depends on its issuer. Keel is not a bank and deposits are not FDIC insured.',
};

export const HOME_FAQ: readonly FaqItem[] = [
  MINIMUM_DEPOSIT,
  LOCK_UP,
  YIELD_SOURCE,
  WITHDRAW_ANYTIME,
  WALLET_NEEDED,
  FUND_SAFETY,
];

/** The /faq page: eleven questions, one open at a time. */
export const FULL_FAQ: readonly FaqItem[] = [
  {
    id: 'what-is-keel',
    question: 'What is Keel?',
    answer:
      'Keel is a savings app for USDC, a dollar-backed stablecoin. You choose one of three vaults on the Base network and earn yield from on-chain lending and other strategies, while your funds stay under your control.',
  },
  {
    id: 'get-started',
    question: 'How do I get started?',
    answer:
      'Create an account with your email, connect a wallet that holds USDC on Base, choose a vault and deposit. Most people are set up in a few minutes.',
  },
  MINIMUM_DEPOSIT,
  LOCK_UP,
  YIELD_SOURCE,
  {
    id: 'guaranteed',
    question: 'Are the returns guaranteed?',
    answer:
      'No. The rates shown (5-7% APY for Everyday Cash, 7-12% APY for Smart Savings and 20-30% CAGR for Growth Reserve) are targets or historical ranges. Actual returns can be lower, and Growth Reserve can lose value.',
  },
  {
    id: 'fees',
    question: 'What fees does Keel charge?',
    answer:
      'There is no fee to deposit or to withdraw from Everyday Cash and Smart Savings. Growth Reserve charges a 0.25% withdrawal fee. You also pay the Base network fee for each transaction, usually a few cents.',
  },
  {
    id: 'assets',
    question: 'Which assets and networks are supported?',
    answer:
      'Deposits are made in USDC on the Base network (chain id 8453). Our wider roadmap covers USDT, DAI, ETH and BTC; Ethereum mainnet is shown as Coming Soon.',
  },
  {
    id: 'bank',
    question: 'Is Keel a bank? Are deposits insured?',
    answer:
      'No. Keel is not a bank, and your deposits are not FDIC insured or protected by any government deposit insurance scheme. Please read our risk disclosure before depositing.',
  },
  FUND_SAFETY,
  {
    id: 'passkey-account',
    question: 'Can I save without a crypto wallet?',
    answer:
      'Yes, where Keel offers it: create a savings account with a passkey, the fingerprint, face or PIN that unlocks your device. Keel pays the network fee for saving, and cannot move your money. Before the account is made you keep a recovery kit; if Keel ever disappeared, the recovery key in any wallet app can still use the account in Safe’s own app on Base.',
  },
];

/**
 * Help-centre FAQ. This page states the 24-hour initial lock-up,
 * which differs from the home page's "no lock-up" reading; both are shown as stated.
 */
export const HELP_FAQ: readonly FaqItem[] = [
  {
    id: 'help-withdraw-when',
    question: 'When can I withdraw my funds?',
    answer:
      'Withdrawals are available after an initial 24-hour lock-up following your first deposit. After that, Everyday Cash withdrawals are instant, Smart Savings takes 1-2 hours and Growth Reserve 24-48 hours.',
  },
  {
    id: 'help-yield-paid',
    question: 'How often is yield paid?',
    answer:
      'Returns are compounded daily: the value of your vault shares grows as the underlying strategies earn. There is no separate payout to claim.',
  },
  {
    id: 'help-wallet',
    question: 'Which wallets can I use?',
    answer:
      'Any browser wallet that supports the Base network, or a mobile wallet via a QR code. Keel never asks for your seed phrase: never share it with anyone.',
  },
  {
    id: 'help-contact',
    question: 'How do I contact support?',
    answer:
      'Use the contact form on our Support page, or the Contact Support button below. We usually reply within one business day.',
  },
];
