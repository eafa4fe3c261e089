import { getAddress, isAddress } from 'viem';

export const SEND_ADDRESS_MESSAGES = {
  required: 'Enter the address to send to',
  malformed: 'A Base address is 0x followed by 40 letters and digits. Check that you pasted all of it.',
  checksum: 'This address has a typo: its capital letters do not match. Copy it again from where you found it.',
  self: 'This is your savings account’s own address. Enter the address you want to send to.',
} as const;

export type ParsedSendAddress = { ok: true; address: `0x${string}` } | { ok: false; message: string };

/**
 * The address a saver typed or pasted for Send: the 0x form, and, when it has
 * capital letters, a matching checksum (EIP-55), which catches most typos.
 * Answers the checksummed form, to show in full on the confirmation step.
 */
export function parseSendAddress(input: string, ownAddress: string): ParsedSendAddress {
  const value = input.trim();
  if (value === '') return { ok: false, message: SEND_ADDRESS_MESSAGES.required };
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return { ok: false, message: SEND_ADDRESS_MESSAGES.malformed };
  if (!isAddress(value, { strict: true })) return { ok: false, message: SEND_ADDRESS_MESSAGES.checksum };
  if (value.toLowerCase() === ownAddress.toLowerCase()) return { ok: false, message: SEND_ADDRESS_MESSAGES.self };
  return { ok: true, address: getAddress(value) };
}
