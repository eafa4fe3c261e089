import type { Address } from 'viem';
import { approveCall, depositCall, redeemCall, transferCall, withdrawCall } from '~/lib/vault-calls';

export type Call = { to: Address; data: `0x${string}` };

/**
 * The calls of each passkey operation, exactly the shapes Keel's paymaster
 * sponsors: one UserOperation each, so a deposit's approve and deposit are
 * signed with one passkey prompt and land together or not at all.
 */
export const passkeyCalls = {
  /** approve(vault, exactly the amount) then deposit(amount, the account). */
  deposit: (request: { usdc: Address; vault: Address; assets: bigint; account: Address }): Call[] => [
    approveCall(request.usdc, request.vault, request.assets),
    depositCall(request.vault, request.assets, request.account),
  ],
  /** Max: redeem every share, paid to the account. */
  redeemAll: (request: { vault: Address; shares: bigint; account: Address }): Call[] => [
    redeemCall(request.vault, request.shares, request.account),
  ],
  withdraw: (request: { vault: Address; assets: bigint; account: Address }): Call[] => [
    withdrawCall(request.vault, request.assets, request.account),
  ],
  /** USDC out of the account to an address the saver typed. */
  send: (request: { usdc: Address; to: Address; amount: bigint }): Call[] => [
    transferCall(request.usdc, request.to, request.amount),
  ],
};
