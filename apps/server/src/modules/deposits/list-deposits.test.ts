import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualDeposits } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { listDeposits } from './list-deposits.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const A = '0x000000000000000000000000000000000000000a';
const B = '0x000000000000000000000000000000000000000b';
const C = '0x000000000000000000000000000000000000000c';

describe('listDeposits', () => {
  it("reads a saver's wallets exactly as the operator's full list does: same rows, same order, same strings", async () => {
    const day = (date: string, createdAt: string) => ({ depositDate: date, createdAt: new Date(createdAt) });
    await t.deps.db.insert(manualDeposits).values([
      {
        wallet: A,
        vault: 'Everyday Cash',
        depositAmount: '1000.5',
        apyPercent: '5.5',
        ...day('2026-11-01', '2026-11-02T10:00:00Z'),
      },
      // The same day: the later record first, then by id.
      {
        wallet: B,
        vault: 'Smart Savings',
        depositAmount: '0.000001',
        apyPercent: '22.1234',
        ...day('2026-11-01', '2026-11-02T11:00:00Z'),
      },
      {
        wallet: A,
        vault: 'Growth Reserve',
        depositAmount: '99999999999999.999999',
        apyPercent: '0',
        ...day('2026-11-01', '2026-11-02T11:00:00Z'),
      },
      {
        wallet: B,
        vault: 'Everyday Cash',
        depositAmount: '2000',
        apyPercent: '8.25',
        ...day('1999-12-31', '2026-11-02T09:00:00Z'),
      },
      { wallet: C, vault: 'Everyday Cash', depositAmount: '50', apyPercent: '6', ...day('2026-11-20', '2026-11-21T09:00:00Z') },
    ]);
    const everyone = await listDeposits(t.deps.db, null);
    const mine = await listDeposits(t.deps.db, [A, B]);
    expect(mine).toEqual(everyone.filter((deposit) => deposit.wallet === A || deposit.wallet === B));
    // Tied on date and time, the two are ordered by id, which the test does not choose: read it from the full list.
    const tied = everyone
      .map((deposit) => deposit.depositAmount)
      .filter((amount) => amount === '0.000001' || amount.startsWith('9'));
    expect(mine.map((deposit) => [deposit.depositDate, deposit.depositAmount])).toEqual([
      ...tied.map((amount) => ['2026-11-01', amount]),
      ['2026-11-01', '1000.50'],
      ['1999-12-31', '2000.00'],
    ]);
    expect(tied).toHaveLength(2);
    expect(await listDeposits(t.deps.db, [C])).toEqual([expect.objectContaining({ wallet: C, depositAmount: '50.00' })]);
    expect(await listDeposits(t.deps.db, ['0x00000000000000000000000000000000000000ff'])).toEqual([]);
    expect(await listDeposits(t.deps.db, [])).toEqual([]);
  });
});
