// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";

/// @notice Test/demo vault: a plain OpenZeppelin ERC-4626 over USDC. Yield is simulated by
/// transferring (or minting) USDC to the vault, which raises the share price for every holder.
contract KeelVault is ERC4626 {
    constructor(IERC20 asset_, string memory name_, string memory symbol_) ERC20(name_, symbol_) ERC4626(asset_) {}
}

/// @notice A vault that also answers accessLevel(account), like vaults that gate features by
/// holder status. Keel shows the value as the user's Status; vaults without it show none.
contract KeelAccessVault is KeelVault {
    constructor(IERC20 asset_, string memory name_, string memory symbol_) KeelVault(asset_, name_, symbol_) {}

    function accessLevel(address account) external view returns (string memory) {
        return balanceOf(account) > 0 ? "Depositor" : "Visitor";
    }
}
