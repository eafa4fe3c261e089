import { describe, expect, it } from 'vitest';
import { base } from 'viem/chains';
import { networkName } from './network-name';
import { walletChain } from './wallet-config';

describe('networkName', () => {
  it('calls Base "Base Network" and other chains by their name', () => {
    expect(networkName(8453)).toBe('Base Network');
    expect(networkName(1)).toBe('Ethereum');
    expect(networkName(31337)).toBe('Anvil');
    expect(networkName(424242)).toBe('Unknown network (chain 424242)');
  });
});

describe('walletChain', () => {
  it('is plain Base for the public endpoint', () => {
    expect(walletChain('https://mainnet.base.org')).toBe(base);
  });

  it('keeps Base (id 8453, Multicall3, op-stack contracts) but reads through another node', () => {
    const chain = walletChain('http://127.0.0.1:8545');
    expect(chain.id).toBe(8453);
    expect(chain.rpcUrls.default.http).toEqual(['http://127.0.0.1:8545']);
    expect(chain.contracts?.multicall3?.address).toBe('0xca11bde05977b3631167028862be2a173976ca11');
    expect(chain.contracts?.gasPriceOracle).toEqual({ address: '0x420000000000000000000000000000000000000F' });
  });
});
