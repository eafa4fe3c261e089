// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";

/// @notice Test/demo vault: a plain OpenZeppelin ERC-4626 over USDC. Yield is simulated by
/// transferring (or minting) USDC to the vault, which raises the share price for every holder.
/// The deployer can pause it: deposits and withdrawals then revert with "Vault is paused", which
/// is how the tests meet a vault that refuses a transfer.
contract KeelVault is ERC4626 {
    address public immutable operator;
    bool public paused;

    constructor(IERC20 asset_, string memory name_, string memory symbol_) ERC20(name_, symbol_) ERC4626(asset_) {
        operator = msg.sender;
    }

    function setPaused(bool value) external {
        require(msg.sender == operator, "Only the operator");
        paused = value;
    }

    function _deposit(address caller, address receiver, uint256 assets, uint256 shares) internal override {
        require(!paused, "Vault is paused");
        super._deposit(caller, receiver, assets, shares);
    }

    function _withdraw(address caller, address receiver, address owner, uint256 assets, uint256 shares)
        internal
        override
    {
        require(!paused, "Vault is paused");
        super._withdraw(caller, receiver, owner, assets, shares);
    }
}

/// @notice A vault that also answers accessLevel(account), like vaults that gate features by
/// holder status. Keel shows the value as the user's Status; vaults without it show none.
contract KeelAccessVault is KeelVault {
    constructor(IERC20 asset_, string memory name_, string memory symbol_) KeelVault(asset_, name_, symbol_) {}

    function accessLevel(address account) external view returns (string memory) {
        return balanceOf(account) > 0 ? "Depositor" : "Visitor";
    }
}
