import type { Address } from './address.js';

/**
 * The audited contracts a passkey savings account is made of, at the canonical
 * addresses Base runs them at (checked against @safe-global/safe-modules-deployments
 * and permissionless's defaults for Safe 1.4.1 on EntryPoint v0.7). The local
 * chain deploys the same bytecode at the same addresses, so an account's address
 * on the test chain equals its address on Base.
 */
export const SAFE_ADDRESSES = {
  /** Safe 1.4.1 (the non-L2 singleton permissionless uses). */
  safeSingleton: '0x41675C099F32341bf84BFc5382aF534df5C7461a',
  safeProxyFactory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
  /** Safe4337Module v0.3.0, for EntryPoint v0.7. */
  safe4337Module: '0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226',
  safeModuleSetup: '0x2dd68b007B46fBe91B9A7c3EDa5A7a1063cB5b47',
  /** Used by the account's setup (one DELEGATECALL enabling the module and configuring the passkey signer). */
  multiSend: '0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526',
  /** Batches (approve + deposit) run through it. */
  multiSendCallOnly: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
  /** Safe's WebAuthn shared signer v0.2.1. */
  webAuthnSharedSigner: '0x94a4F6affBd8975951142c3999aEAB7ecee555c2',
} as const satisfies Record<string, Address>;

export const ENTRY_POINT_V07: Address = '0x0000000071727De22E5E9d8BAf0edAc6f37da032';

/** The RIP-7212 P-256 precompile (Base since Fjord; anvil has it). */
export const P256_PRECOMPILE_VERIFIER: Address = '0x0000000000000000000000000000000000000100';

/**
 * The shared signer's verifier setting, packed `uint176(precompile << 160 | fallback)`: the
 * precompile only, no Solidity fallback (half the gas). It is part of the account's address,
 * so it is fixed once (docs/decisions/014-passkey-account.md).
 */
export const SAFE_P256_VERIFIERS = BigInt(P256_PRECOMPILE_VERIFIER) << 160n;

/** The same setting as the 22-byte hex permissionless's `safeP256VerifierAddress` takes (it passes BigInt(value) on). */
export const SAFE_P256_VERIFIERS_HEX = `0x${SAFE_P256_VERIFIERS.toString(16).padStart(44, '0')}` as `0x${string}`;

/** The Safe version every passkey account is created with (part of its address). */
export const SAFE_VERSION = '1.4.1' as const;

/**
 * Every toSafeSmartAccount setting besides the client and the owners, so the
 * server (which computes the address) and the browser (which signs operations)
 * build the very same account. The owners always go [passkey, recovery key]
 * with threshold 1: either alone can act.
 */
export const SAFE_ACCOUNT_SETTINGS = {
  version: SAFE_VERSION,
  threshold: 1n,
  entryPoint: { address: ENTRY_POINT_V07, version: '0.7' },
  safeSingletonAddress: SAFE_ADDRESSES.safeSingleton,
  safeProxyFactoryAddress: SAFE_ADDRESSES.safeProxyFactory,
  safe4337ModuleAddress: SAFE_ADDRESSES.safe4337Module,
  safeModuleSetupAddress: SAFE_ADDRESSES.safeModuleSetup,
  multiSendAddress: SAFE_ADDRESSES.multiSend,
  multiSendCallOnlyAddress: SAFE_ADDRESSES.multiSendCallOnly,
  safeWebAuthnSharedSignerAddress: SAFE_ADDRESSES.webAuthnSharedSigner,
  safeP256VerifierAddress: SAFE_P256_VERIFIERS_HEX,
} as const;
