// @vitest-environment node
import { erc20Abi, parseEther, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANVIL_MISSING,
  chainClients,
  setEthBalance,
  startLocalChain,
  type LocalChain,
} from '../../../../../../contracts/local-chain';
import { DEMO_USDC_MICRO, mintDemoUsdc } from './mint-demo-usdc';

/** On the local chain the demo runs: the button's call really mints to the account, paid by the demo key. */
describe.skipIf(ANVIL_MISSING !== null)('mintDemoUsdc on the demo chain', () => {
  let chain: LocalChain;
  // As the demo wallet: a key with ETH for gas and nothing else.
  const demoKey = generatePrivateKey();
  beforeAll(async () => {
    chain = await startLocalChain({ seed: false });
    await setEthBalance(chain.rpcUrl, privateKeyToAccount(demoKey).address, parseEther('1'));
  }, 120_000);
  afterAll(async () => {
    await chain?.stop();
  });

  it('adds exactly 1,000 USDC to the address, each time it is pressed', async () => {
    const account: Address = `0x${'5afe'.repeat(10)}`;
    const balance = () =>
      chainClients(chain.rpcUrl).publicClient.readContract({
        address: chain.usdc,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [account],
      });
    const request = { rpcUrl: chain.rpcUrl, usdc: chain.usdc, to: account, privateKey: demoKey };
    await mintDemoUsdc(request);
    expect(await balance()).toBe(DEMO_USDC_MICRO);
    await mintDemoUsdc(request);
    expect(await balance()).toBe(2n * DEMO_USDC_MICRO);
  });

  it('refuses, minting nothing, where the token has no open mint (as on Base)', async () => {
    const vaultShares = chain.vaults.everydayCash;
    await expect(
      mintDemoUsdc({ rpcUrl: chain.rpcUrl, usdc: vaultShares, to: `0x${'b0b'.padStart(40, '0')}`, privateKey: demoKey }),
    ).rejects.toThrow();
  });
});
