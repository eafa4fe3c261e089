import { describe, expect, it } from 'vitest';
import { walletOptionName } from './wallet-option-name';

describe('walletOptionName', () => {
  it('calls the nameless plain injected provider "Browser wallet"', () => {
    expect(walletOptionName({ id: 'injected', name: 'Injected' })).toBe('Browser wallet');
    expect(walletOptionName({ id: 'injected', name: '' })).toBe('Browser wallet');
  });

  it('keeps a name the wallet gives itself', () => {
    expect(walletOptionName({ id: 'io.metamask', name: 'MetaMask' })).toBe('MetaMask');
    expect(walletOptionName({ id: 'injected', name: 'Rabby Wallet' })).toBe('Rabby Wallet');
  });
});
