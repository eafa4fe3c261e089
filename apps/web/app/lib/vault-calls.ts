import { TRANSFER_ERRORS_ABI } from '@keel/core/transfer-rules';
import { encodeFunctionData, erc20Abi, erc4626Abi, parseAbi, type Address } from 'viem';

/**
 * The ABIs Keel writes with: the standard ERC-20/ERC-4626 functions plus the
 * custom errors their OpenZeppelin (and Base USDC) implementations revert
 * with, so a simulation's revert is decoded into words.
 */
export const USDC_ABI = [...erc20Abi, ...TRANSFER_ERRORS_ABI] as const;
export const VAULT_ABI = [
  ...erc4626Abi,
  // viem's ERC-4626 ABI leaves out the share token's decimals().
  ...parseAbi(['function decimals() view returns (uint8)']),
  ...TRANSFER_ERRORS_ABI,
] as const;

/** approve(vault, exactly the amount): never an unlimited allowance. */
export function approveCall(usdc: Address, vault: Address, assets: bigint) {
  return { to: usdc, data: encodeFunctionData({ abi: USDC_ABI, functionName: 'approve', args: [vault, assets] }) };
}

/** deposit(assets, receiver = the wallet itself). */
export function depositCall(vault: Address, assets: bigint, receiver: Address) {
  return { to: vault, data: encodeFunctionData({ abi: VAULT_ABI, functionName: 'deposit', args: [assets, receiver] }) };
}

/** redeem(shares, receiver = owner = the account): Max withdraw, every share. */
export function redeemCall(vault: Address, shares: bigint, account: Address) {
  return { to: vault, data: encodeFunctionData({ abi: VAULT_ABI, functionName: 'redeem', args: [shares, account, account] }) };
}

/** withdraw(assets, receiver = owner = the account). */
export function withdrawCall(vault: Address, assets: bigint, account: Address) {
  return { to: vault, data: encodeFunctionData({ abi: VAULT_ABI, functionName: 'withdraw', args: [assets, account, account] }) };
}

/** transfer(to, amount): USDC out of the account. */
export function transferCall(usdc: Address, to: Address, amount: bigint) {
  return { to: usdc, data: encodeFunctionData({ abi: USDC_ABI, functionName: 'transfer', args: [to, amount] }) };
}
