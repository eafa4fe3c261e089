import { estimateL1Fee } from 'viem/op-stack';
import { getGasPrice, simulateCalls } from 'viem/actions';
import type { Account, Address, Chain, Client, Hex, Transport } from 'viem';
import { TransferRevertedError, describeRevert } from './transfer-errors';

export type FeeEstimate = {
  /** The whole fee in wei: L2 execution, plus Base's L1 data fee when it could be read. */
  wei: bigint;
  /** False where the chain has no L1 gas-price oracle (a local test chain): the figure is the L2 fee only. */
  includesL1: boolean;
};

type Call = { to: Address; data: Hex };

/**
 * Simulates the calls in order (eth_simulateV1, so a deposit sees the approval
 * before it) and prices them: gas used × gas price, plus the L1 data fee from
 * Base's GasPriceOracle for each call. Throws TransferRevertedError when a
 * call would revert — this is also the "simulate before writing" check.
 */
export async function simulateAndEstimate(
  client: Client<Transport, Chain>,
  request: { account: Address | Account; calls: readonly Call[] },
): Promise<FeeEstimate> {
  const [{ results }, gasPrice] = await Promise.all([
    simulateCalls(client, { account: request.account, calls: request.calls }),
    getGasPrice(client),
  ]);
  let gasUsed = 0n;
  for (const result of results) {
    if (result.status !== 'success') throw new TransferRevertedError(describeRevert(result.error));
    gasUsed += result.gasUsed;
  }
  const l2 = gasUsed * gasPrice;
  try {
    const l1Fees = await Promise.all(
      request.calls.map((call) =>
        estimateL1Fee(client, { account: request.account, to: call.to, data: call.data, chain: client.chain }),
      ),
    );
    return { wei: l2 + l1Fees.reduce((sum, fee) => sum + fee, 0n), includesL1: true };
  } catch {
    // No GasPriceOracle predeploy here (anvil): say so rather than pretend.
    return { wei: l2, includesL1: false };
  }
}
