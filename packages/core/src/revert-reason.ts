import { plainRevertReason, UNKNOWN_REVERT } from './transfer-rules.js';

/**
 * The 4-byte selectors of TRANSFER_ERRORS_ABI's errors (keccak-256 of each
 * signature, worked out once so core needs no hashing). The web's
 * transfer-errors test checks them against viem's encoding of that ABI.
 */
const ERROR_NAMES_BY_SELECTOR: Readonly<Record<string, string>> = {
  '0x08c379a0': 'Error',
  '0x4e487b71': 'Panic',
  '0xe450d38c': 'ERC20InsufficientBalance',
  '0xfb8f41b2': 'ERC20InsufficientAllowance',
  '0x79012fb2': 'ERC4626ExceededMaxDeposit',
  '0x284ff667': 'ERC4626ExceededMaxMint',
  '0xfe9cceec': 'ERC4626ExceededMaxWithdraw',
  '0xb94abeec': 'ERC4626ExceededMaxRedeem',
  '0x5274afe7': 'SafeERC20FailedOperation',
};

const WORD_HEX = 64;
const HEX = /^0x[0-9a-fA-F]*$/;

/** The string of an ABI-encoded Error(string) payload (the hex after the selector), or null when malformed. */
function decodeErrorMessage(payload: string): string | null {
  const word = (index: number) => {
    const text = payload.slice(index * 2, index * 2 + WORD_HEX);
    return text.length === WORD_HEX ? Number.parseInt(text, 16) : Number.NaN;
  };
  const offset = word(0);
  if (!Number.isSafeInteger(offset)) return null;
  const length = word(offset);
  const start = (offset + 32) * 2;
  if (!Number.isSafeInteger(length) || start + length * 2 > payload.length) return null;
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index += 1) {
    bytes[index] = Number.parseInt(payload.slice(start + index * 2, start + index * 2 + 2), 16);
  }
  return new TextDecoder().decode(bytes);
}

/** Revert bytes (0x + selector + arguments) in plain words; any error outside TRANSFER_ERRORS_ABI is the general sentence. */
export function describeRevertData(data: string): string {
  if (!HEX.test(data) || data.length < 10) return UNKNOWN_REVERT;
  const errorName = ERROR_NAMES_BY_SELECTOR[data.slice(0, 10).toLowerCase()];
  if (!errorName) return UNKNOWN_REVERT;
  if (errorName !== 'Error') return plainRevertReason({ errorName, message: null });
  const message = decodeErrorMessage(data.slice(10));
  return message === null ? UNKNOWN_REVERT : plainRevertReason({ errorName, message });
}

/**
 * The deepest revert bytes in an error's `cause` chain (how viem nests the
 * node's answer), or null when the node returned none.
 */
export function findRevertData(error: unknown): string | null {
  let found: string | null = null;
  let cause: unknown = error;
  while (typeof cause === 'object' && cause !== null) {
    const data = 'data' in cause ? cause.data : undefined;
    if (typeof data === 'string' && HEX.test(data) && data.length >= 10) found = data;
    cause = 'cause' in cause ? cause.cause : undefined;
  }
  return found;
}

/** Why a call or transaction reverted, in plain words: used by the server's receipt check and the web's transfer dialogs. */
export function describeRevert(error: unknown): string {
  const data = findRevertData(error);
  return data ? describeRevertData(data) : UNKNOWN_REVERT;
}
