import { monthOf } from '@keel/core/statement-month';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VaultStatus } from '../../chain/vault-registry.js';
import { indexerCursors, sharePrices, userWallets, vaultEvents } from '../../db/schema.js';
import type { ErrorBody } from '../../lib/app-error.js';
import { createSignedInUser, type SignedInUser } from '../../test-support/auth.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { mailsTo } from '../../test-support/auth-requests.js';
import type { MonthlyStatement, StatementMonth } from './build-monthly-statement.js';
import { enqueueMonthlyStatements, statementMonthDue } from './send-monthly-statements.js';

/*
 * One saver, one vault (Everyday Cash, 6-decimal shares), Keel's indexed
 * records seeded as the indexer writes them. Prices are USDC per whole share.
 *
 *   when (UTC)              block  share price  movement
 *   2026-02-10 09:00          100     1.000000   deposit 1,000.00 USDC → 1,000 shares
 *   2026-02-28 20:00          200     1.010000
 *   2026-03-11 00:00          300     1.012000   deposit   506.00 USDC →   500 shares
 *   2026-03-21 00:00          400     1.015000   withdraw  304.50 USDC ←   300 shares
 *   2026-03-31 20:00          500     1.020000
 *   2026-04-30 12:00          600     1.025000
 *   2026-04-30 23:30          700     1.025000   deposit   102.50 USDC →   100 shares
 *   2026-05-15 00:00          800     1.030000
 */
const WALLET = '0x00000000000000000000000000000000000a11ce';
const VAULT = '0x00000000000000000000000000000000000ca5e0';
const CHAIN_ID = 8453;
const DAY_MS = 86_400_000;

const PRICES: [block: number, time: string, price: string][] = [
  [100, '2026-02-10T09:00:00Z', '1000000'],
  [200, '2026-02-28T20:00:00Z', '1010000'],
  [300, '2026-03-11T00:00:00Z', '1012000'],
  [400, '2026-03-21T00:00:00Z', '1015000'],
  [500, '2026-03-31T20:00:00Z', '1020000'],
  [600, '2026-04-30T12:00:00Z', '1025000'],
  [700, '2026-04-30T23:30:00Z', '1025000'],
  [800, '2026-05-15T00:00:00Z', '1030000'],
];
const EVENTS: [block: number, kind: 'deposit' | 'withdraw', assets: string, shares: string][] = [
  [100, 'deposit', '1000000000', '1000000000'],
  [300, 'deposit', '506000000', '500000000'],
  [400, 'withdraw', '304500000', '300000000'],
  [700, 'deposit', '102500000', '100000000'],
];

let t: TestApp;
let saver: SignedInUser;
let stranger: SignedInUser;

const timeOfBlock = (block: number) => new Date(PRICES.find(([number]) => number === block)?.[1] ?? 0);

function request(cookie: string | null, path: string) {
  return t.app.request(path, { headers: cookie ? { cookie } : {} });
}

async function statement(cookie: string, month: string, timeZone?: string): Promise<MonthlyStatement> {
  const response = await request(cookie, `/api/statements/${month}${timeZone ? `?timeZone=${timeZone}` : ''}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as MonthlyStatement;
}

async function errorOf(response: Response) {
  return { status: response.status, ...((await response.json()) as ErrorBody).error };
}

beforeAll(async () => {
  // No chain here: a refused port fails any chain read at once; statements never read the chain.
  t = await createTestApp({ env: { BASE_RPC_URL: 'http://127.0.0.1:9', VAULT_EVERYDAY_CASH_ADDRESS: VAULT } });
  const verified: VaultStatus = {
    id: 'everyday-cash',
    name: 'Everyday Cash',
    address: VAULT,
    available: true,
    reason: null,
    shareDecimals: 6,
    checkedAt: 0,
  };
  // The registry's verdict is the chain's to give; this test fixes it as verified.
  t.deps.chain.vaults.list = async () => [verified];
  saver = await createSignedInUser(t);
  stranger = await createSignedInUser(t);
  await t.deps.db
    .insert(userWallets)
    .values({ email: saver.user.email, walletAddress: WALLET, userId: saver.user.id, chainId: CHAIN_ID, linkedAt: new Date() });
  await t.deps.db
    .insert(indexerCursors)
    .values({ chainId: CHAIN_ID, vaultAddress: VAULT, startBlock: 1, lastBlock: 800, shareDecimals: 6 });
  await t.deps.db.insert(sharePrices).values(
    PRICES.map(([blockNumber, time, price]) => ({
      chainId: CHAIN_ID,
      vaultAddress: VAULT,
      blockNumber,
      blockTime: new Date(time),
      sharePrice: price,
      totalAssets: '5000000000000',
    })),
  );
  await t.deps.db.insert(vaultEvents).values(
    EVENTS.map(([blockNumber, kind, assets, shares]) => ({
      chainId: CHAIN_ID,
      vaultAddress: VAULT,
      kind,
      blockNumber,
      blockHash: `0xb${blockNumber}`,
      blockTime: timeOfBlock(blockNumber),
      txHash: `0x${kind}${blockNumber}`,
      logIndex: 0,
      sender: WALLET,
      owner: WALLET,
      receiver: kind === 'withdraw' ? WALLET : null,
      assets,
      shares,
    })),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/statements/:month', () => {
  it('states March 2026 (deposit, rising share price, withdrawal) exactly as worked by hand', async () => {
    const march = await statement(saver.cookie, '2026-03');
    // Opening: 1,000 shares × 1.010000 (the last price before 1 March) = 1,010.00
    // Closing: (1,000 + 500 − 300) = 1,200 shares × 1.020000 (31 March 20:00) = 1,224.00
    // Earned: 1,224.00 − 1,010.00 − 506.00 + 304.50 = 12.50
    //   (check: 1,000 shares 1.010→1.020 = 10.00; 200 kept of the new 500, 1.012→1.020 = 1.60;
    //    300 held 1.012→1.015 then withdrawn = 0.90; 10.00 + 1.60 + 0.90 = 12.50)
    // Average balance over 31 days (each flow weighed by the days left, less the 1 ms the month's
    // end moves back so that midnight opens the next month):
    //   506.00 × (21 d − 1 ms) / 31 d = 342.774193359… → 342.774193
    //   304.50 × (11 d − 1 ms) / 31 d = 108.048386983… → 108.048387
    //   1,010.000000 + 342.774193 − 108.048387 = 1,244.725806
    // Month's return: 12.50 / 1,244.725806 = 1.0042372…%
    // Realised APY: 1.010042372…^(365 / 31) − 1 = 12.4851…% → "12.49%"
    expect(march).toMatchObject({
      month: '2026-03',
      label: 'March 2026',
      timeZone: 'UTC',
      periodStart: '2026-03-01T00:00:00.000Z',
      periodEnd: '2026-04-01T00:00:00.000Z',
      isToDate: false,
      hasPosition: true,
      hasActivity: true,
    });
    expect(march.vaults).toHaveLength(1);
    const [vault] = march.vaults;
    expect(vault).toMatchObject({
      id: 'everyday-cash',
      name: 'Everyday Cash',
      openingValue: '1010000000',
      closingValue: '1224000000',
      deposits: '506000000',
      withdrawals: '304500000',
      earned: '12500000',
      averageBalance: '1244725806',
    });
    expect(Number(vault?.monthReturn) / 1e18).toBeCloseTo(0.010042372, 9);
    expect(Number(vault?.realisedApy) / 1e18).toBeCloseTo(0.12485155, 7);
    expect(vault?.activity.map((row) => [row.time, row.type, row.amount])).toEqual([
      ['2026-03-11T00:00:00.000Z', 'Deposit', '506000000'],
      ['2026-03-21T00:00:00.000Z', 'Withdraw', '-304500000'],
    ]);
    // One vault: the totals are its figures.
    expect(march.totals).toEqual({
      openingValue: '1010000000',
      closingValue: '1224000000',
      deposits: '506000000',
      withdrawals: '304500000',
      earned: '12500000',
      averageBalance: '1244725806',
      monthReturn: vault?.monthReturn,
      realisedApy: vault?.realisedApy,
    });
  });

  it('carries the balance into a month without activity and says there was none (April in UTC+1)', async () => {
    // Africa/Lagos is UTC+1 all year: April runs from 31 March 23:00 to 30 April 23:00 UTC.
    const april = await statement(saver.cookie, '2026-04', 'Africa/Lagos');
    // Opening: 1,200 shares × 1.020000 = 1,224.00 (carried from March); closing: 1,200 × 1.025000 = 1,230.00
    // Earned: 1,230.00 − 1,224.00 − 0 + 0 = 6.00; return 6 / 1,224 = 0.4902%; APY 1.004902^(365/30) − 1 = 6.13%
    expect(april).toMatchObject({ periodStart: '2026-03-31T23:00:00.000Z', hasPosition: true, hasActivity: false });
    expect(april.totals).toMatchObject({
      openingValue: '1224000000',
      closingValue: '1230000000',
      deposits: '0',
      withdrawals: '0',
      earned: '6000000',
    });
    expect(Number(april.totals.realisedApy) / 1e18).toBeCloseTo(0.0613003, 6);
    expect(april.vaults[0]?.activity).toEqual([]);
  });

  it('puts a deposit at 23:30 UTC on 30 April into May for a saver in UTC+1, and into April in UTC', async () => {
    const aprilUtc = await statement(saver.cookie, '2026-04');
    expect(aprilUtc.vaults[0]?.activity.map((row) => row.time)).toEqual(['2026-04-30T23:30:00.000Z']);
    // 1,300 shares × 1.025000 = 1,332.50; earned 1,332.50 − 1,224.00 − 102.50 = 6.00
    expect(aprilUtc.totals).toMatchObject({ closingValue: '1332500000', deposits: '102500000', earned: '6000000' });

    const mayLagos = await statement(saver.cookie, '2026-05', 'Africa/Lagos');
    expect(mayLagos.vaults[0]?.activity.map((row) => row.time)).toEqual(['2026-04-30T23:30:00.000Z']);
    expect(mayLagos.totals).toMatchObject({ openingValue: '1230000000', deposits: '102500000' });
  });

  it('says so for a month before the first deposit: no savings, no figures invented', async () => {
    const january = await statement(saver.cookie, '2026-01');
    expect(january).toMatchObject({ hasPosition: false, hasActivity: false, vaults: [] });
    expect(january.totals).toMatchObject({ openingValue: '0', closingValue: '0', earned: '0', realisedApy: null });
  });

  it('states the current month to date, and refuses a month that has not started', async () => {
    const now = t.deps.now();
    const current = monthOf(now, 'UTC');
    const body = await statement(saver.cookie, current);
    expect(body.isToDate).toBe(true);
    expect(Date.parse(body.periodEnd)).toBeLessThanOrEqual(t.deps.now());
    // Everything was indexed by mid-May: the current month's closing value is the last known one.
    expect(body.totals.closingValue).toBe('1339000000');
    const future = await errorOf(await request(saver.cookie, `/api/statements/${monthOf(now + 40 * DAY_MS, 'UTC')}`));
    expect(future).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(future.message).toMatch(/has not started yet/);
  });

  it('refuses a malformed month or time zone with a clear 400', async () => {
    for (const path of [
      '/api/statements/2026-13',
      '/api/statements/26-03',
      '/api/statements/2026-03/html?timeZone=Mars%2FOlympus',
    ]) {
      const error = await errorOf(await request(saver.cookie, path));
      expect(error, path).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    }
    expect((await errorOf(await request(saver.cookie, '/api/statements/2026-3'))).message).toBe(
      'month must be a year and month written YYYY-MM, for example 2026-03',
    );
    expect((await errorOf(await request(saver.cookie, '/api/statements?timeZone=Nowhere'))).message).toBe(
      'timeZone must be a time zone name such as Europe/Berlin',
    );
  });
});

describe('the statement list, the printable statement and the CSV', () => {
  it('lists the months with a position or activity, newest first, in the saver’s zone', async () => {
    const response = await request(saver.cookie, '/api/statements');
    const { months } = (await response.json()) as { months: StatementMonth[] };
    expect(months.at(-1)).toEqual({ month: '2026-02', label: 'February 2026', isToDate: false });
    expect(months.map((entry) => entry.month).slice(-4)).toEqual(['2026-05', '2026-04', '2026-03', '2026-02']);
    expect(months[0]?.isToDate).toBe(true);
  });

  it('downloads the month as a self-contained HTML statement', async () => {
    const response = await request(saver.cookie, '/api/statements/2026-03/html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="keel-statement-2026-03.html"');
    const html = await response.text();
    expect(html).toContain('Monthly statement — March 2026');
    expect(html).toContain('<td class="num">$1,224.00</td>');
    expect(html).toContain('<td class="num">+$12.50</td>');
    expect(html).toContain('<td class="num">12.49%</td>');
    expect(html).toContain('@media print');
    expect(html).not.toMatch(/<script|<link|src=/i);
  });

  it('downloads only that month’s rows as CSV', async () => {
    const response = await request(saver.cookie, '/api/history/export.csv?month=2026-03');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="keel-activity-2026-03.csv"');
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 4).join(','))).toEqual([
      '2026-03-31T23:59:59.999Z,Interest,Everyday Cash,12.50',
      '2026-03-21T00:00:00.000Z,Withdraw,Everyday Cash,-304.50',
      '2026-03-11T00:00:00.000Z,Deposit,Everyday Cash,506.00',
    ]);
    const future = await errorOf(await request(saver.cookie, '/api/history/export.csv?month=2999-01'));
    expect(future).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('asks for sign-in, and never shows another account’s savings', async () => {
    for (const path of ['/api/statements', '/api/statements/2026-03', '/api/statements/2026-03/html']) {
      expect((await request(null, path)).status, path).toBe(401);
    }
    // A wallet saved before signatures were required (no linked_at) grants nothing.
    await t.deps.db.insert(userWallets).values({ email: stranger.user.email, walletAddress: WALLET, userId: stranger.user.id });
    const list = (await (await request(stranger.cookie, `/api/statements?wallet=${WALLET}`)).json()) as {
      months: StatementMonth[];
    };
    expect(list.months).toEqual([]);
    const march = await statement(stranger.cookie, '2026-03');
    expect(march).toMatchObject({ hasPosition: false, vaults: [], walletCount: 0 });
    const html = await (await request(stranger.cookie, '/api/statements/2026-03/html')).text();
    expect(html).not.toContain('1,224.00');
  });
});

describe('the monthly statement mail', () => {
  /** The job's view of the server at a given moment. */
  function jobAt(iso: string) {
    const now = () => Date.parse(iso);
    return { ...t.deps, now, notify: { config: t.deps.config, now }, wakeOutbox: () => undefined };
  }

  it('goes out once on the first days of the month, with the month’s figures and one-click unsubscribe', async () => {
    expect(statementMonthDue(Date.parse('2026-04-01T00:00:00Z'), 'UTC')).toBe('2026-03');
    expect(statementMonthDue(Date.parse('2026-04-03T23:59:59Z'), 'UTC')).toBe('2026-03');
    expect(statementMonthDue(Date.parse('2026-04-04T00:00:00Z'), 'UTC')).toBeNull();
    // Mid-month nothing is due.
    expect(await enqueueMonthlyStatements(jobAt('2026-04-15T09:00:00Z'))).toBe(0);

    expect(await enqueueMonthlyStatements(jobAt('2026-04-01T06:00:00Z'))).toBe(1);
    // A second look (the next hour, or another instance) adds nothing.
    expect(await enqueueMonthlyStatements(jobAt('2026-04-01T07:00:00Z'))).toBe(0);
    const mails = (await mailsTo(t, saver.user.email)).filter((mail) => /statement/.test(mail.subject));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('Your Keel statement for March 2026');
    // The hand-worked March above: worth 1,010.00 on the 1st, 1,224.00 at the end, 12.50 earned.
    expect(mail?.text).toContain('your savings were worth $1,010.00');
    expect(mail?.text).toContain('They earned +$12.50');
    expect(mail?.text).toContain('were worth $1,224.00 at the end');
    expect(mail?.text).toContain(`${t.config.appUrl}/api/statements/2026-03/html`);
    expect(mail?.text).toMatch(/To stop these emails, unsubscribe here: http\S+\/unsubscribe\?token=/);
  });

  it('is not sent to a saver who turned statements off', async () => {
    const response = await t.app.request('/api/notifications/preferences', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: t.config.appUrl, cookie: saver.cookie },
      body: JSON.stringify({ preferences: { monthly_statement: false } }),
    });
    expect(response.status).toBe(200);
    // May's statement (a deposit on 30 April 23:30 UTC is May's in UTC+1, April's in UTC) would be due on 1 June.
    expect(await enqueueMonthlyStatements(jobAt('2026-06-01T06:00:00Z'))).toBe(0);
  });
});
