import { describe, expect, it } from 'vitest';
import { createRecoveryKit, recoveryKitText } from './recovery-kit';
import { readRecoveryKey } from './recovery-key-input';

describe('reading a recovery kit', () => {
  const kit = createRecoveryKit();
  const other = createRecoveryKit();

  it('finds the key in the kit file, not the addresses printed next to it', () => {
    expect(readRecoveryKey(recoveryKitText(kit, '0x1234567890abcdef1234567890abcdef12345678'), kit.address)).toEqual({
      ok: true,
      privateKey: kit.privateKey.toLowerCase(),
    });
  });

  it('takes a pasted key with stray spaces', () => {
    const pasted = ` ${kit.privateKey.slice(0, 30)} ${kit.privateKey.slice(30)}\n`;
    expect(readRecoveryKey(pasted, kit.address)).toMatchObject({ ok: true });
  });

  it('says when there is no key, or the key is another account’s', () => {
    expect(readRecoveryKey('my recovery key', kit.address)).toEqual({ ok: false, problem: 'no-key' });
    expect(readRecoveryKey(other.privateKey, kit.address)).toEqual({ ok: false, problem: 'another-account' });
  });
});
