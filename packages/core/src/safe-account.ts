/**
 * The passkey savings account: a Safe 1.4.1 with the Safe4337Module (EntryPoint v0.7) and Safe's
 * WebAuthn shared signer v0.2.1, at the addresses Base runs them (the local chain deploys the same
 * contracts at the same addresses). The server, the web client and the local chain share these.
 */

type HexAddress = `0x${string}`;

export const SAFE_ACCOUNT_ADDRESSES = {
  /** Safe's singleton factory (a CREATE2 deployer); Safe 1.4.1's contracts come from it with salt 0. */
  safeSingletonFactory: '0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7',
  /** The CREATE2 deployer most chains (and anvil) carry; the 4337 module and the EntryPoint come from it. */
  deterministicDeployer: '0x4e59b44847b379578588920cA78FbF26c0B4956C',
  safe: '0x41675C099F32341bf84BFc5382aF534df5C7461a',
  safeL2: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
  safeProxyFactory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
  multiSend: '0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526',
  multiSendCallOnly: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
  compatibilityFallbackHandler: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99',
  safe4337Module: '0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226',
  safeModuleSetup: '0x2dd68b007B46fBe91B9A7c3EDa5A7a1063cB5b47',
  entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
  webAuthnSharedSigner: '0x94a4F6affBd8975951142c3999aEAB7ecee555c2',
  webAuthnSignerFactory: '0x1d31F259eE307358a26dFb23EB365939E8641195',
  /** The Solidity P-256 verifier of the same release; Keel's accounts do not use it (see SAFE_P256_VERIFIERS). */
  fclP256Verifier: '0xA86e0054C51E4894D88762a017ECc5E5235f5DBA',
} as const satisfies Record<string, HexAddress>;

export type SafeAccountContract = keyof typeof SAFE_ACCOUNT_ADDRESSES;

export const ENTRY_POINT_VERSION = '0.7' as const;
export const SAFE_VERSION = '1.4.1' as const;

/** The RIP-7212 P-256 precompile (Base since Fjord; anvil has it). */
export const P256_PRECOMPILE_ADDRESS: HexAddress = '0x0000000000000000000000000000000000000100';

/**
 * The shared signer's verifier setting, packed `uint176(precompile << 160 | fallback)`: the
 * precompile only, no Solidity fallback. It is stored in the account at creation and is part of
 * its counterfactual address, so it never changes (docs/decisions/015-paymaster.md).
 */
export const SAFE_P256_VERIFIERS = BigInt(P256_PRECOMPILE_ADDRESS) << 160n;

/**
 * The same setting as the 22-byte hex permissionless's `toSafeSmartAccount` takes as
 * `safeP256VerifierAddress` (it passes `BigInt(value)` straight to the signer's `configure`).
 */
export const SAFE_P256_VERIFIERS_HEX = `0x${SAFE_P256_VERIFIERS.toString(16).padStart(44, '0')}` as HexAddress;

/**
 * Every toSafeSmartAccount setting besides the client and the owners, so the server (which computes the
 * address), the browser (which signs operations) and the paymaster's policy (which checks a deployment)
 * build the very same account. The owners always go [passkey, recovery key] with threshold 1: either
 * alone can act.
 */
export const SAFE_ACCOUNT_SETTINGS = {
  version: SAFE_VERSION,
  threshold: 1n,
  entryPoint: { address: SAFE_ACCOUNT_ADDRESSES.entryPoint, version: ENTRY_POINT_VERSION },
  safeSingletonAddress: SAFE_ACCOUNT_ADDRESSES.safe,
  safeProxyFactoryAddress: SAFE_ACCOUNT_ADDRESSES.safeProxyFactory,
  safe4337ModuleAddress: SAFE_ACCOUNT_ADDRESSES.safe4337Module,
  safeModuleSetupAddress: SAFE_ACCOUNT_ADDRESSES.safeModuleSetup,
  multiSendAddress: SAFE_ACCOUNT_ADDRESSES.multiSend,
  multiSendCallOnlyAddress: SAFE_ACCOUNT_ADDRESSES.multiSendCallOnly,
  safeWebAuthnSharedSignerAddress: SAFE_ACCOUNT_ADDRESSES.webAuthnSharedSigner,
  safeP256VerifierAddress: SAFE_P256_VERIFIERS_HEX,
} as const;

/**
 * The Safe's own owner-management functions and the signer factory's, as human-readable ABI
 * (core has no viem; both sides parse them). A savings account changes its passkeys with one
 * UserOperation from the Safe to itself, always keeping threshold 1.
 */
export const SAFE_OWNER_ABI = [
  'function addOwnerWithThreshold(address owner, uint256 _threshold)',
  'function removeOwner(address prevOwner, address owner, uint256 _threshold)',
  'function getOwners() view returns (address[])',
] as const;

/** Safe's WebAuthn signer factory: one signer contract per passkey, at an address fixed by its key. */
export const WEBAUTHN_SIGNER_FACTORY_ABI = [
  'function createSigner(uint256 x, uint256 y, uint176 verifiers) returns (address signer)',
  'function getSigner(uint256 x, uint256 y, uint176 verifiers) view returns (address signer)',
] as const;

/** The linked list of Safe's owners starts and ends at this sentinel: removeOwner's prevOwner for the first owner. */
export const SAFE_OWNERS_SENTINEL: HexAddress = '0x0000000000000000000000000000000000000001';

/** validAfter and validUntil (uint48 each) lead a Safe4337 signature: 12 bytes, 24 hex digits after `0x`. */
const VALIDITY_HEX_DIGITS = 24;
const WORD_HEX_DIGITS = 64;

/**
 * permissionless signs a passkey's operation as Safe's shared signer: one contract signature whose
 * first word names the signing owner. A later passkey signs the very same bytes through its own
 * signer contract, so only that word changes, to the owner address the Safe lists for it.
 */
export function withPasskeySigner(signature: `0x${string}`, signer: HexAddress): `0x${string}` {
  const start = 2 + VALIDITY_HEX_DIGITS;
  const word = signature.slice(start, start + WORD_HEX_DIGITS).toLowerCase();
  const shared = SAFE_ACCOUNT_ADDRESSES.webAuthnSharedSigner.slice(2).toLowerCase().padStart(WORD_HEX_DIGITS, '0');
  if (word !== shared) throw new Error('not a single passkey signature through the shared signer');
  const replaced = signer.slice(2).toLowerCase().padStart(WORD_HEX_DIGITS, '0');
  return `0x${signature.slice(2, start)}${replaced}${signature.slice(start + WORD_HEX_DIGITS)}`;
}
