// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Test-only Multicall3: just the aggregate3 entry point viem and wagmi use for batched
/// reads. Its runtime code is placed at the canonical address
/// 0xcA11bde05977b3631167028862bE2a173976CA11 on the local chain (anvil_setCode), so the real
/// Base chain definition works against anvil unchanged.
contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
        uint256 length = calls.length;
        returnData = new Result[](length);
        for (uint256 i = 0; i < length; i++) {
            Call3 calldata call = calls[i];
            (bool success, bytes memory data) = call.target.call(call.callData);
            if (!success && !call.allowFailure) revert("Multicall3: call failed");
            returnData[i] = Result(success, data);
        }
    }

    function getBlockNumber() external view returns (uint256) {
        return block.number;
    }

    function getEthBalance(address account) external view returns (uint256) {
        return account.balance;
    }
}
