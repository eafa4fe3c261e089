import {
  AbiDecodingDataSizeTooSmallError,
  AbiDecodingZeroDataError,
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
} from 'viem';

/** A call that reached the chain and was answered "no such function" (revert or empty data), not a transport failure. */
export function isMissingFunction(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  return Boolean(
    error.walk(
      (cause) =>
        cause instanceof ContractFunctionRevertedError ||
        cause instanceof ContractFunctionZeroDataError ||
        cause instanceof AbiDecodingZeroDataError ||
        cause instanceof AbiDecodingDataSizeTooSmallError,
    ),
  );
}

/**
 * The kind of a chain error, safe to log or audit: viem's messages can carry
 * the RPC URL, and BASE_RPC_URL may hold an API key.
 */
export function chainErrorKind(error: unknown): string {
  return error instanceof Error ? error.name : 'Error';
}
