import { startLocalChain, type LocalChain } from '../../../../contracts/local-chain.js';

export type TestChain = LocalChain;

/**
 * A fresh anvil with mock USDC and the three vaults deployed and seeded
 * (contracts/local-chain.ts). Pass chain.env to createTestApp({ env }) so the
 * server reads it; call chain.stop() in afterAll.
 */
export function startTestChain(): Promise<TestChain> {
  return startLocalChain();
}

export { ANVIL_CHAIN_ID, ANVIL_MISSING, DEPLOYER, SEED_DEPOSITS, VAULT_SPECS } from '../../../../contracts/local-chain.js';
