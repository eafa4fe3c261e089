import { SAFE_ACCOUNT_ADDRESSES } from '@keel/core/safe-account';
import { keccak256, parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PAYMASTER_DEPOSIT, LOCAL_PAYMASTER_SIGNER_KEY, safeStackDeployments } from '../../../../contracts/safe-stack.js';
import { ANVIL_MISSING, chainClients, startTestChain, type TestChain } from '../test-support/chain.js';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * Every local chain carries what Base runs for passkey accounts, at Base's addresses: a contract
 * that lands anywhere else (a changed artifact, a different compiler) would give every test
 * account another address than it has on Base.
 */
describe.skipIf(ANVIL_MISSING)('the local chain’s Safe and 4337 contracts', () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await startTestChain();
  });

  afterAll(async () => {
    await chain?.stop();
  });

  it('deploys each contract at its canonical Base address, with the npm artifact’s code where it has no immutables', async () => {
    const { publicClient } = chainClients(chain.rpcUrl);
    const deployments = safeStackDeployments();
    expect(deployments.map((deployment) => deployment.contract).sort()).toEqual(
      Object.keys(SAFE_ACCOUNT_ADDRESSES)
        .filter((name) => name !== 'safeSingletonFactory' && name !== 'deterministicDeployer')
        .sort(),
    );
    for (const deployment of deployments) {
      const code = await publicClient.getCode({ address: SAFE_ACCOUNT_ADDRESSES[deployment.contract] });
      expect(code, `${deployment.contract} at ${SAFE_ACCOUNT_ADDRESSES[deployment.contract]}`).toMatch(/^0x[0-9a-f]{200,}$/);
      if (code && deployment.runtimeCode) expect(keccak256(code), deployment.contract).toBe(keccak256(deployment.runtimeCode));
    }
    expect(await publicClient.getCode({ address: SAFE_ACCOUNT_ADDRESSES.safeSingletonFactory })).toBeTruthy();
  });

  it('funds Keel’s verifying paymaster on the EntryPoint and trusts the local signing key', async () => {
    const { publicClient } = chainClients(chain.rpcUrl);
    const paymasterAbi = parseAbi([
      'function verifyingSigner() view returns (address)',
      'function entryPoint() view returns (address)',
    ]);
    const entryPointAbi = parseAbi(['function balanceOf(address) view returns (uint256)']);
    const paymaster = chain.safeStack.paymaster;
    expect(chain.env.PAYMASTER_ADDRESS).toBe(paymaster);
    expect(await publicClient.readContract({ address: paymaster, abi: paymasterAbi, functionName: 'verifyingSigner' })).toBe(
      privateKeyToAccount(LOCAL_PAYMASTER_SIGNER_KEY).address,
    );
    expect(await publicClient.readContract({ address: paymaster, abi: paymasterAbi, functionName: 'entryPoint' })).toBe(
      SAFE_ACCOUNT_ADDRESSES.entryPoint,
    );
    expect(
      await publicClient.readContract({
        address: SAFE_ACCOUNT_ADDRESSES.entryPoint,
        abi: entryPointAbi,
        functionName: 'balanceOf',
        args: [paymaster],
      }),
    ).toBe(LOCAL_PAYMASTER_DEPOSIT);
  });
});
