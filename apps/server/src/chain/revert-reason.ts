import { plainRevertReason, TRANSFER_ERRORS_ABI, UNKNOWN_REVERT } from '@keel/core/transfer-rules';
import { BaseError, decodeErrorResult, isHex, type Hex } from 'viem';

/** The raw revert bytes inside a viem error chain, if the node returned any. */
function revertData(error: unknown): Hex | null {
  if (!(error instanceof BaseError)) return null;
  let found: Hex | null = null;
  error.walk((cause) => {
    const data = typeof cause === 'object' && cause !== null && 'data' in cause ? cause.data : undefined;
    if (typeof data === 'string' && isHex(data) && data.length >= 10) found = data;
    return false;
  });
  return found;
}

/** Why a call or transaction reverted, in plain words (see plainRevertReason). */
export function describeRevert(error: unknown): string {
  const data = revertData(error);
  if (!data) return UNKNOWN_REVERT;
  try {
    const decoded = decodeErrorResult({ abi: TRANSFER_ERRORS_ABI, data });
    const message = decoded.errorName === 'Error' && typeof decoded.args[0] === 'string' ? decoded.args[0] : null;
    return plainRevertReason({ errorName: decoded.errorName, message });
  } catch {
    return UNKNOWN_REVERT;
  }
}
