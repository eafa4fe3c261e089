import { describe, expect, it } from 'vitest';
import { createRecoveryKit, isKitConfirmed, recoveryKitText } from './recovery-kit';

const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

describe('recovery kit', () => {
  const kit = createRecoveryKit(() => KEY);

  it('holds the key and the address it owns the account with', () => {
    expect(kit).toEqual({ privateKey: KEY, address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' });
  });

  it('is confirmed only by the key’s last six characters, in any letter case', () => {
    expect(isKitConfirmed(kit, '78690d')).toBe(true);
    expect(isKitConfirmed(kit, ' 78690D ')).toBe(true);
    expect(isKitConfirmed(kit, '8690d')).toBe(false);
    expect(isKitConfirmed(kit, '59c699')).toBe(false);
  });

  it('explains how to reach the money without Keel, and names the account once it exists', () => {
    const before = recoveryKitText(kit, null);
    expect(before).toContain(KEY);
    expect(before).toContain('https://app.safe.global');
    expect(before).toContain('shown in Keel once your account is created');
    expect(recoveryKitText(kit, '0xabc0000000000000000000000000000000000def')).toContain(
      'Savings account address on Base: 0xabc0000000000000000000000000000000000def',
    );
  });
});
