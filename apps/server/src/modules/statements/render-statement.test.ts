import { statementLinks } from '@keel/core/statement-format';
import { describe, expect, it } from 'vitest';
import type { MonthlyStatement } from './build-monthly-statement.js';
import { renderStatementEmail } from './render-statement-email.js';
import { renderStatementHtml } from './render-statement-html.js';

const LINKS = statementLinks('https://keel.example', '2026-03', 'Europe/Berlin');

function march(overrides: Partial<MonthlyStatement> = {}): MonthlyStatement {
  const figures = {
    openingValue: '1010000000',
    closingValue: '1224000000',
    deposits: '506000000',
    withdrawals: '304500000',
    earned: '12500000',
    averageBalance: '1244725806',
    monthReturn: '10042372335935968',
    realisedApy: '124851550067657106',
  };
  return {
    month: '2026-03',
    label: 'March 2026',
    timeZone: 'Europe/Berlin',
    periodStart: '2026-02-28T23:00:00.000Z',
    periodEnd: '2026-03-31T22:00:00.000Z',
    isToDate: false,
    asOf: '2026-05-15T00:00:00.000Z',
    indexing: false,
    unavailableVaults: [],
    walletCount: 1,
    hasPosition: true,
    hasActivity: true,
    totals: figures,
    vaults: [
      {
        id: 'everyday-cash',
        name: 'Everyday Cash',
        address: '0x00000000000000000000000000000000000ca5e0',
        ...figures,
        activity: [
          {
            id: 'a',
            time: '2026-03-11T00:00:00.000Z',
            type: 'Deposit',
            amount: '506000000',
            shares: '500000000',
            shareDecimals: 6,
            txHash: '0xabc',
            isFromKeel: true,
          },
        ],
      },
    ],
    ...overrides,
  };
}

describe('renderStatementHtml', () => {
  it('escapes every value it prints, so a name cannot become markup', () => {
    const hostile = march();
    const [vault] = hostile.vaults;
    const [deposit] = vault?.activity ?? [];
    if (!vault || !deposit) throw new Error('the fixture has a vault with a deposit');
    hostile.vaults = [
      { ...vault, name: '<script>alert("x")</script> & Co', activity: [{ ...deposit, txHash: '"><img src=x>' }] },
    ];
    const html = renderStatementHtml(hostile, LINKS);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(html).toContain('&quot;&gt;&lt;img src=x&gt;');
  });

  it('dates activity in the saver’s zone and links the month’s CSV', () => {
    const html = renderStatementHtml(march(), LINKS);
    expect(html).toContain('<td>11 Mar 2026, 01:00</td>');
    expect(html).toContain('href="https://keel.example/api/history/export.csv?month=2026-03&amp;timeZone=Europe%2FBerlin"');
  });

  it('says plainly when there were no savings that month, with no figure tables', () => {
    const html = renderStatementHtml(march({ hasPosition: false, hasActivity: false, vaults: [] }), LINKS);
    expect(html).toContain('You had no savings in Keel vaults this month, and nothing moved in or out.');
    expect(html).not.toContain('<table');
  });
});

describe('renderStatementEmail', () => {
  it('gives the exact figures in plain words with links to the statement and the CSV', () => {
    const mail = renderStatementEmail(march(), LINKS);
    expect(mail.subject).toBe('Your Keel statement for March 2026');
    expect(mail.text).toContain(
      'On 1 Mar 2026 your savings were worth $1,010.00. You deposited $506.00 and withdrew $304.50. ' +
        'They earned +$12.50, a realised APY of 12.49%, and were worth $1,224.00 at the end.',
    );
    expect(mail.text).toContain('Everyday Cash: $1,010.00 at the start, $1,224.00 at the end');
    expect(mail.text).toContain(
      'Download your statement: https://keel.example/api/statements/2026-03/html?timeZone=Europe%2FBerlin',
    );
    expect(mail.text).toContain('https://keel.example/api/history/export.csv?month=2026-03&timeZone=Europe%2FBerlin');
    expect(mail.html).toContain('href="https://keel.example/api/statements/2026-03/html?timeZone=Europe%2FBerlin"');
  });

  it('is honest about a month with savings but no movements, and one with nothing at all', () => {
    const quiet = renderStatementEmail(march({ hasActivity: false }), LINKS);
    expect(quiet.text).toContain('No deposits or withdrawals this month.');
    const empty = renderStatementEmail(march({ hasPosition: false, hasActivity: false, vaults: [] }), LINKS);
    expect(empty.text).toContain('You had no savings in Keel vaults this month, and nothing moved in or out.');
    expect(empty.text).not.toContain('$');
  });
});
