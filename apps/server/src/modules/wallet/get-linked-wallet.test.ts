import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWallets } from '../../db/schema.js';
import { createSignedInUser } from '../../test-support/auth.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { getLinkedWallet, toLinkedWallet } from './get-linked-wallet.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ADDRESS = '0x00000000000000000000000000000000000000Cd';

/** What Drizzle's select reads for the user's row, as the link answer gives it (link-wallet.ts). */
async function readThroughDrizzle(userId: string) {
  const [row] = await t.deps.db.select().from(userWallets).where(eq(userWallets.userId, userId));
  if (!row?.linkedAt) throw new Error('no linked row');
  return toLinkedWallet({ ...row, linkedAt: row.linkedAt });
}

describe('getLinkedWallet', () => {
  it('answers the proved row exactly as Drizzle reads it, times with microseconds and a null chain included', async () => {
    const user = await createSignedInUser(t);
    await t.deps.db.insert(userWallets).values({
      email: user.user.email,
      userId: user.user.id,
      walletAddress: ADDRESS as `0x${string}`,
      chainId: null,
      linkedAt: new Date(),
    });
    // Times the database holds past the millisecond, as now() writes them.
    await t.deps.db
      .update(userWallets)
      .set({ updatedAt: sql`'2026-11-27 07:00:00.123987+00'`, linkedAt: sql`'1999-12-31 23:59:59.999999+00'` })
      .where(eq(userWallets.userId, user.user.id));
    const wallet = await getLinkedWallet(t.deps.db, user.user.id);
    expect(wallet).toEqual(await readThroughDrizzle(user.user.id));
    expect(wallet).toEqual({
      email: user.user.email,
      userId: user.user.id,
      walletAddress: ADDRESS.toLowerCase(),
      chainId: null,
      updatedAt: '2026-11-27T07:00:00.123Z',
      linkedAt: '1999-12-31T23:59:59.999Z',
    });
  });

  it('answers null for a row saved on trust and for an account with no row', async () => {
    const onTrust = await createSignedInUser(t);
    const without = await createSignedInUser(t);
    await t.deps.db
      .insert(userWallets)
      .values({ email: onTrust.user.email, userId: onTrust.user.id, walletAddress: ADDRESS as `0x${string}`, chainId: 8453 });
    expect(await getLinkedWallet(t.deps.db, onTrust.user.id)).toBeNull();
    expect(await getLinkedWallet(t.deps.db, without.user.id)).toBeNull();
  });
});
