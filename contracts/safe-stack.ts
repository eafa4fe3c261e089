import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SAFE_ACCOUNT_ADDRESSES, type SafeAccountContract } from '../packages/core/src/safe-account.js';
import {
  concat,
  encodeAbiParameters,
  getContractAddress,
  keccak256,
  numberToHex,
  parseAbi,
  parseEther,
  type Abi,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * What Base runs for Keel's passkey accounts, deployed on a local chain at the same addresses:
 * Safe's singleton factory (its presigned transaction), Safe 1.4.1 through it, the 4337 module,
 * its setup helper and EntryPoint v0.7 through the 0x4e59… deterministic deployer, and the passkey
 * contracts v0.2.1 from the fixture compiled from their tagged sources (contracts/fixtures/README.md).
 * Then a verifying paymaster of Keel's own (the EntryPoint's v0.7 sample), funded on the EntryPoint.
 */

const require = createRequire(import.meta.url);
const CONTRACTS_DIR = path.dirname(fileURLToPath(import.meta.url));
const ZERO_SALT: Hex = `0x${'00'.repeat(32)}`;
/** The salt the EntryPoint v0.7 was deployed with everywhere. */
const ENTRY_POINT_SALT: Hex = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3';

/**
 * The local paymaster's signing key (test-only, never funded): it signs sponsorships, and the
 * paymaster it is set on is deployed at an address that follows from it.
 */
export const LOCAL_PAYMASTER_SIGNER_KEY: Hex = '0x4b65656c206c6f63616c207061796d6173746572207369676e6572206b657921';
/** What the local paymaster holds on the EntryPoint to pay for operations. */
export const LOCAL_PAYMASTER_DEPOSIT = parseEther('100');

type HardhatArtifact = { abi: Abi; bytecode: Hex; deployedBytecode: Hex };

function artifact(modulePath: string): HardhatArtifact {
  return JSON.parse(readFileSync(require.resolve(modulePath), 'utf8')) as HardhatArtifact;
}

const SAFE_ARTIFACTS = '@safe-global/safe-contracts/build/artifacts/contracts';
const SAFE_4337_ARTIFACTS = '@safe-global/safe-4337/build/artifacts/contracts';

type PasskeyFixture = {
  contracts: Record<'SafeWebAuthnSharedSigner' | 'SafeWebAuthnSignerFactory' | 'FCLP256Verifier', { bytecode: Hex }>;
};

function passkeyFixture(): PasskeyFixture['contracts'] {
  const file = path.join(CONTRACTS_DIR, 'fixtures', 'safe-passkey-v0.2.1.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as PasskeyFixture).contracts;
}

type Create2Deployment = {
  contract: SafeAccountContract;
  factory: Address;
  salt: Hex;
  initCode: Hex;
  /** The runtime code it must leave, where the npm artifact carries it (contracts without immutables). */
  runtimeCode?: Hex;
};

/** Every CREATE2 deployment, in order, each with the address it must land at. */
export function safeStackDeployments(): Create2Deployment[] {
  const singleton = SAFE_ACCOUNT_ADDRESSES.safeSingletonFactory;
  const arachnid = SAFE_ACCOUNT_ADDRESSES.deterministicDeployer;
  const passkey = passkeyFixture();
  const fromArtifact = (file: string, withRuntime: boolean) => {
    const built = artifact(file);
    return withRuntime ? { initCode: built.bytecode, runtimeCode: built.deployedBytecode } : { initCode: built.bytecode };
  };
  // A contract with immutables (MultiSend's own address, the EntryPoint's SenderCreator) runs other code than its artifact's.
  const safe = (contract: SafeAccountContract, file: string, withRuntime = true): Create2Deployment => ({
    contract,
    factory: singleton,
    salt: ZERO_SALT,
    ...fromArtifact(`${SAFE_ARTIFACTS}/${file}.json`, withRuntime),
  });
  return [
    safe('safe', 'Safe.sol/Safe'),
    safe('safeL2', 'SafeL2.sol/SafeL2'),
    safe('safeProxyFactory', 'proxies/SafeProxyFactory.sol/SafeProxyFactory'),
    safe('multiSend', 'libraries/MultiSend.sol/MultiSend', false),
    safe('multiSendCallOnly', 'libraries/MultiSendCallOnly.sol/MultiSendCallOnly'),
    safe('compatibilityFallbackHandler', 'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler'),
    {
      contract: 'entryPoint',
      factory: arachnid,
      salt: ENTRY_POINT_SALT,
      // Its SenderCreator's address is an immutable.
      ...fromArtifact('@account-abstraction/contracts/artifacts/EntryPoint.json', false),
    },
    {
      contract: 'safe4337Module',
      factory: arachnid,
      salt: ZERO_SALT,
      initCode: concat([
        artifact(`${SAFE_4337_ARTIFACTS}/Safe4337Module.sol/Safe4337Module.json`).bytecode,
        encodeAbiParameters([{ type: 'address' }], [SAFE_ACCOUNT_ADDRESSES.entryPoint]),
      ]),
    },
    {
      contract: 'safeModuleSetup',
      factory: arachnid,
      salt: ZERO_SALT,
      ...fromArtifact(`${SAFE_4337_ARTIFACTS}/SafeModuleSetup.sol/SafeModuleSetup.json`, true),
    },
    {
      contract: 'webAuthnSharedSigner',
      factory: singleton,
      salt: ZERO_SALT,
      initCode: passkey.SafeWebAuthnSharedSigner.bytecode,
    },
    {
      contract: 'webAuthnSignerFactory',
      factory: singleton,
      salt: ZERO_SALT,
      initCode: passkey.SafeWebAuthnSignerFactory.bytecode,
    },
    { contract: 'fclP256Verifier', factory: singleton, salt: ZERO_SALT, initCode: passkey.FCLP256Verifier.bytecode },
  ];
}

/** What deploying needs of the local chain (given by local-chain.ts, which this file must not import). */
export type ChainAccess = {
  publicClient: PublicClient;
  walletClient: WalletClient;
  /** An unlocked account that pays for the deployments. */
  deployer: Address;
  /** A raw JSON-RPC call (anvil's own methods). */
  call: (method: string, params: readonly unknown[]) => Promise<unknown>;
};

type SingletonFactoryInfo = { gasPrice: number; gasLimit: number; signerAddress: Address; transaction: Hex; address: Address };

/** Sends Safe's presigned singleton-factory transaction (the one Base ran), once. */
async function deploySingletonFactory(chain: ChainAccess): Promise<void> {
  const info = JSON.parse(
    readFileSync(require.resolve('@safe-global/safe-singleton-factory/artifacts/8453/deployment.json'), 'utf8'),
  ) as SingletonFactoryInfo;
  const { publicClient, call } = chain;
  if (await publicClient.getCode({ address: info.address })) return;
  await call('anvil_setBalance', [info.signerAddress, numberToHex(BigInt(info.gasLimit) * BigInt(info.gasPrice))]);
  // The presigned transaction pays 0.2 gwei, below a fresh anvil's base fee: lower it for one block.
  const baseFee = (await publicClient.getBlock()).baseFeePerGas ?? 0n;
  await call('anvil_setNextBlockBaseFeePerGas', ['0x0']);
  const hash = (await call('eth_sendRawTransaction', [info.transaction])) as Hash;
  await confirmed(chain, hash);
  await call('anvil_setNextBlockBaseFeePerGas', [numberToHex(baseFee)]);
}

async function confirmed(chain: ChainAccess, hash: Hash): Promise<void> {
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
}

const ENTRY_POINT_ABI = parseAbi([
  'function depositTo(address account) payable',
  'function balanceOf(address account) view returns (uint256)',
]);

/** The verifying paymaster's creation code for a given signer (its constructor takes the EntryPoint and the signer). */
function paymasterInitCode(signer: Address): Hex {
  return concat([
    artifact('@account-abstraction/contracts/artifacts/VerifyingPaymaster.json').bytecode,
    encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [SAFE_ACCOUNT_ADDRESSES.entryPoint, signer]),
  ]);
}

export type SafeStack = {
  /** Keel's verifying paymaster on this chain (deployed by CREATE2, so the same on every local chain). */
  paymaster: Address;
  paymasterSignerKey: Hex;
  /** PAYMASTER_ADDRESS and PAYMASTER_SIGNER_KEY for a server on this chain. */
  env: Record<string, string>;
};

/**
 * Deploys the whole stack. The transactions go out back to back from the deployer (anvil orders
 * one sender's transactions by nonce) and only the last receipt is awaited: this runs before every
 * chain test file.
 */
export async function deploySafeStack(chain: ChainAccess): Promise<SafeStack> {
  await deploySingletonFactory(chain);
  const { walletClient, deployer } = chain;
  const signer = privateKeyToAccount(LOCAL_PAYMASTER_SIGNER_KEY).address;
  const paymasterCode = paymasterInitCode(signer);
  const paymaster = getContractAddress({
    opcode: 'CREATE2',
    from: SAFE_ACCOUNT_ADDRESSES.deterministicDeployer,
    salt: ZERO_SALT,
    bytecodeHash: keccak256(paymasterCode),
  });
  const create2 = [
    ...safeStackDeployments(),
    { factory: SAFE_ACCOUNT_ADDRESSES.deterministicDeployer, salt: ZERO_SALT, initCode: paymasterCode },
  ];
  for (const deployment of create2) {
    await walletClient.sendTransaction({
      chain: null,
      account: deployer,
      to: deployment.factory,
      data: concat([deployment.salt, deployment.initCode]),
      gas: 8_000_000n,
    });
  }
  const funded = await walletClient.writeContract({
    chain: null,
    account: deployer,
    address: SAFE_ACCOUNT_ADDRESSES.entryPoint,
    abi: ENTRY_POINT_ABI,
    functionName: 'depositTo',
    args: [paymaster],
    value: LOCAL_PAYMASTER_DEPOSIT,
    gas: 200_000n,
  });
  await confirmed(chain, funded);
  return {
    paymaster,
    paymasterSignerKey: LOCAL_PAYMASTER_SIGNER_KEY,
    env: { PAYMASTER_ADDRESS: paymaster, PAYMASTER_SIGNER_KEY: LOCAL_PAYMASTER_SIGNER_KEY },
  };
}
