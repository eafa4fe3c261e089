import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWallets } from '../../db/schema.js';
import { createSignedInUser } from '../../test-support/auth.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { isLinkedWallet, listLinkedWallets } from './list-linked-wallets.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ADDRESS = '0x00000000000000000000000000000000000000Ab';

describe('listLinkedWallets', () => {
  it('lists only the wallet the user proved, lower-cased; a row saved on trust and another user’s row grant nothing', async () => {
    const linked = await createSignedInUser(t);
    const onTrust = await createSignedInUser(t);
    const without = await createSignedInUser(t);
    await t.deps.db.insert(userWallets).values([
      { email: linked.user.email, userId: linked.user.id, walletAddress: ADDRESS as `0x${string}`, linkedAt: new Date() },
      {
        email: onTrust.user.email,
        userId: onTrust.user.id,
        walletAddress: ADDRESS.toLowerCase() as `0x${string}`,
        linkedAt: null,
      },
    ]);
    expect(await listLinkedWallets(t.deps.db, linked.user.id)).toEqual([ADDRESS.toLowerCase()]);
    expect(await listLinkedWallets(t.deps.db, onTrust.user.id)).toEqual([]);
    expect(await listLinkedWallets(t.deps.db, without.user.id)).toEqual([]);
    expect(await isLinkedWallet(t.deps.db, linked.user.id, ADDRESS.toUpperCase().replace('0X', '0x'))).toBe(true);
    expect(await isLinkedWallet(t.deps.db, onTrust.user.id, ADDRESS)).toBe(false);
  });
});
