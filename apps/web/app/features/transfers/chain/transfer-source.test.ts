import type { PasskeyAccount } from '@keel/core/passkey-account';
import { describe, expect, it } from 'vitest';
import { DISCONNECTED_WALLET } from '~/lib/wallet-state';
import { chooseTransferSource } from './transfer-source';

const WALLET = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const PASSKEY: PasskeyAccount = {
  address: '0x1234567890abcdef1234567890abcdef12345678',
  credentialId: 'Y3JlZA',
  publicKeyX: `0x${'1'.repeat(64)}`,
  publicKeyY: `0x${'2'.repeat(64)}`,
  recoveryOwner: WALLET,
  verifier: (0x100n << 160n).toString(),
  createdAt: '2026-11-28T20:00:00.000Z',
  isDeployed: false,
  passkeys: [],
};
const LINKED = { ...DISCONNECTED_WALLET, status: 'connected', address: WALLET, linkStatus: 'linked' } as const;

describe('chooseTransferSource', () => {
  it('moves money with the linked wallet when one is connected, passkey account or not', () => {
    expect(chooseTransferSource(LINKED, PASSKEY)).toEqual({ kind: 'wallet', address: WALLET });
    expect(chooseTransferSource(LINKED, null)).toEqual({ kind: 'wallet', address: WALLET });
  });

  it('moves money with the passkey account when no proven wallet is connected', () => {
    expect(chooseTransferSource(DISCONNECTED_WALLET, PASSKEY)).toEqual({ kind: 'passkey', account: PASSKEY });
    expect(chooseTransferSource({ ...LINKED, linkStatus: 'unlinked' }, PASSKEY)).toEqual({ kind: 'passkey', account: PASSKEY });
  });

  it('has nothing to move money with when there is neither', () => {
    expect(chooseTransferSource(DISCONNECTED_WALLET, null)).toEqual({ kind: 'none' });
    expect(chooseTransferSource({ ...LINKED, linkStatus: 'unlinked' }, undefined)).toEqual({ kind: 'none' });
  });
});
