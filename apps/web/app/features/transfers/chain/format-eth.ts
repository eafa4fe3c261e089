import { formatEther } from 'viem';

/** A fee in ETH to 8 decimals ("0.00001234"), never "0" for a non-zero fee. */
export function formatEth(wei: bigint): string {
  const [whole = '0', fraction = ''] = formatEther(wei).split('.');
  const digits = fraction.slice(0, 8).replace(/0+$/, '');
  if (digits) return `${whole}.${digits}`;
  return wei > 0n && whole === '0' ? '< 0.00000001' : whole;
}
