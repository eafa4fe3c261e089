import { describe, expect, it } from 'vitest';
import { DEPOSIT_TX, EXPLORER, VAULT_ADDRESS, activityEntry, historyData, vaultRow } from './history-fixtures';
import {
  activityRow,
  apyWindowPhrase,
  chartDescription,
  performancePageState,
  rangePhrase,
  summaryCards,
  vaultBreakdownRows,
  walletPoints,
} from './performance-figures';

const SUMMARY = historyData().summary;
const vault = (overrides: Parameters<typeof vaultRow>[2]) => vaultRow('everyday-cash', 'Everyday Cash', overrides);

describe('performance figures', () => {
  it('names the range the figures cover', () => {
    expect(rangePhrase('7d')).toBe('in the last 7 Days');
    expect(rangePhrase('all')).toBe('since your first deposit');
    expect(apyWindowPhrase('90d')).toBe('realised in the last 90 Days');
    expect(apyWindowPhrase('all')).toBe('realised over all recorded history');
  });

  it('fills the four summary cards, earnings coloured by sign', () => {
    const cards = summaryCards(SUMMARY, '30d');
    expect(cards.map((card) => [card.testId, card.value, card.tone, card.note])).toEqual([
      ['summary-total-earnings', '+$12.35', 'positive', 'Earned in the last 30 Days'],
      ['summary-average-apy', '5.12%', 'neutral', 'Realised, weighted by what you hold in each vault'],
      ['summary-total-deposits', '$505.00', 'neutral', 'Deposited in the last 30 Days'],
      ['summary-best-month', 'August 2026', 'neutral', '+$21.00 interest'],
    ]);
    expect(summaryCards({ ...SUMMARY, totalEarnings: '-2500000' }, '1y')[0]).toMatchObject({ value: '-$2.50', tone: 'negative' });
  });

  it('shows a dash and the reason where a figure cannot be worked out yet', () => {
    const [, apy, , best] = summaryCards({ ...SUMMARY, averageApy: null, bestMonth: null }, 'all');
    expect(apy).toMatchObject({ value: '—', note: 'Needs a day of share-price history and an open position' });
    expect(best).toMatchObject({ value: '—', note: 'No interest yet in this range' });
  });

  it('describes the chart in words for screen readers', () => {
    const data = {
      vaults: [vault({ priceChange: '4000000000000000' }), vaultRow('smart-savings', 'Smart Savings', { priceChange: null })],
      chart: {
        balance: [
          { time: '2026-08-11T00:00:00.000Z', value: '1000000000', wallet: null },
          { time: '2026-09-10T12:00:00.000Z', value: '1236000000', wallet: null },
        ],
        markers: [
          { time: '2026-08-20T00:00:00.000Z', type: 'Deposit' as const, vault: 'Everyday Cash', amount: '1', value: '1' },
        ],
        sharePrices: [],
      },
    };
    expect(chartDescription(data, 'balance')).toMatch(
      /^Balance from \$1,000\.00 on .+ to \$1,236\.00 on .+, with 1 deposits and 0 withdrawals marked\.$/,
    );
    expect(chartDescription(data, 'share-price')).toBe(
      'Share price of each vault over the range: Everyday Cash +0.40%, Smart Savings —.',
    );
    expect(chartDescription({ ...data, chart: { ...data.chart, balance: [] } }, 'balance')).toBe('No balance to draw yet.');
  });

  it('adds the USDC ready to deposit to the chart’s words once the wallet held or moved some', () => {
    const points = (wallets: (string | null)[]) =>
      wallets.map((wallet, index) => ({ time: `2026-08-1${index + 1}T00:00:00.000Z`, value: '0', wallet }));
    const received = {
      time: '2026-08-12T00:00:00.000Z',
      type: 'Received' as const,
      vault: 'Wallet',
      amount: '40000000',
      value: '40000000',
    };
    const withWallet = {
      vaults: [],
      chart: { balance: points([null, '40000000', '15000000']), markers: [received], sharePrices: [] },
    };
    expect(chartDescription(withWallet, 'balance')).toMatch(
      /, with 0 deposits and 0 withdrawals marked\. Ready to deposit from \$40\.00 on .+ to \$15\.00 on .+, with 1 received and 0 sent marked\.$/,
    );
    // Known, but never any: nothing worth a line or a sentence.
    const empty = { vaults: [], chart: { balance: points(['0', '0']), markers: [], sharePrices: [] } };
    expect(chartDescription(empty, 'balance')).toMatch(/withdrawals marked\.$/);
    expect(walletPoints(empty.chart)).toEqual([]);
    expect(walletPoints(withWallet.chart).map((point) => point.wallet)).toEqual(['40000000', '15000000']);
  });

  it('breaks down each vault: no position instead of $0, and the price trend', () => {
    const [held, empty, falling] = vaultBreakdownRows([
      vault({ hasPosition: true, earnedInRange: '12345000', realisedApy: '51234000000000000' }),
      vaultRow('smart-savings', 'Smart Savings', { priceChange: null }),
      vaultRow('growth-reserve', 'Growth Reserve', { priceChange: '-13000000000000000' }),
    ]);
    expect(held).toMatchObject({ apy: '5.12%', earned: '+$12.35', isPriceUp: true });
    expect(empty).toMatchObject({ apy: '—', earned: 'No position', isPriceUp: true, priceChange: '—' });
    expect(falling).toMatchObject({ isPriceUp: false, priceChange: '-1.30%' });
  });

  it('signs every activity amount and links it to the explorer', () => {
    expect(activityRow(activityEntry({}), EXPLORER)).toMatchObject({
      amount: '+$505.00',
      isCredit: true,
      origin: 'sent from Keel',
      link: { href: `${EXPLORER}/tx/${DEPOSIT_TX}`, label: 'View transaction' },
    });
    expect(activityRow(activityEntry({ type: 'Withdraw', amount: '-306000000', isFromKeel: false }), EXPLORER)).toMatchObject({
      amount: '-$306.00',
      isCredit: false,
      origin: 'made outside Keel',
    });
    const interest = activityRow(
      activityEntry({
        type: 'Interest',
        amount: '6000000',
        txHash: null,
        isPartialMonth: true,
        time: '2026-09-10T12:00:00.000Z',
      }),
      EXPLORER,
    );
    expect(interest).toMatchObject({
      amount: '+$6.00',
      when: 'September 2026 so far',
      origin: null,
      link: { href: `${EXPLORER}/address/${VAULT_ADDRESS}`, label: 'View vault' },
    });
    expect(activityRow(activityEntry({}), null).link).toBeNull();
  });

  it('shows USDC received and sent with the other side shortened and a link to the transaction', () => {
    const received = activityEntry({
      type: 'Received',
      vaultId: null,
      vault: 'Wallet',
      amount: '250500000',
      shares: null,
      isFromKeel: false,
      counterparty: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    });
    expect(activityRow(received, EXPLORER)).toMatchObject({
      type: 'Received',
      vault: 'From 0xf39f...2266',
      amount: '+$250.50',
      isCredit: true,
      origin: null,
      link: { href: `${EXPLORER}/tx/${DEPOSIT_TX}`, label: 'View transaction' },
    });
    const sent = activityEntry({ ...received, type: 'Sent', amount: '-20000000', counterparty: `0x${'b0b'.padStart(40, '0')}` });
    expect(activityRow(sent, EXPLORER)).toMatchObject({ vault: 'To 0x0000...0b0b', amount: '-$20.00', isCredit: false });
  });

  it('keeps figures on screen through a failed refresh, and shows an error only when there are none', () => {
    expect(performancePageState(undefined, false)).toBe('loading');
    expect(performancePageState(undefined, true)).toBe('error');
    expect(performancePageState({ hasHistory: true }, true)).toBe('ready');
    expect(performancePageState({ hasHistory: false }, false)).toBe('empty');
  });
});
