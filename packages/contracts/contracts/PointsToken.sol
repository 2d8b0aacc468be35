// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/// @title PointsToken
/// @notice The loyalty points of a loyaltykit deployment: an 18-decimals ERC-20 with ERC-2612 permit.
/// Points are minted in idempotent batches by MINTER_ROLE and can be clawed back (burned from a
/// custodial wallet, e.g. on refunds) by CLAWBACK_ROLE.
contract PointsToken is ERC20, ERC20Permit, AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    bytes32 public constant CLAWBACK_ROLE = keccak256("CLAWBACK_ROLE");

    mapping(bytes32 batchId => bool minted) private _batchMinted;

    /// @notice Emitted once per successful `mintBatch` (in addition to one Transfer per recipient).
    event BatchMinted(bytes32 indexed batchId, uint256 count, uint256 total);
    /// @notice Emitted when CLAWBACK_ROLE burns `amount` points from `from`.
    event Clawback(address indexed from, uint256 amount, address indexed operator);

    error BatchAlreadyMinted(bytes32 batchId);
    error LengthMismatch();
    error EmptyBatch();
    error ZeroAddress();

    constructor(string memory name_, string memory symbol_, address admin)
        ERC20(name_, symbol_)
        ERC20Permit(name_)
    {
        if (admin == address(0)) revert ZeroAddress();
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
    }

    /// @notice Mints `amounts[i]` to `to[i]` for every i. A `batchId` can be used only once, which
    /// makes retries of the same batch safe.
    /// @dev Reverts: LengthMismatch (arrays differ in length), EmptyBatch (no recipients),
    /// BatchAlreadyMinted (batchId reused), ERC20InvalidReceiver (a recipient is address(0)).
    function mintBatch(bytes32 batchId, address[] calldata to, uint256[] calldata amounts)
        external
        onlyRole(MINTER_ROLE)
    {
        uint256 count = to.length;
        if (count != amounts.length) revert LengthMismatch();
        if (count == 0) revert EmptyBatch();
        if (_batchMinted[batchId]) revert BatchAlreadyMinted(batchId);
        _batchMinted[batchId] = true;

        uint256 total;
        for (uint256 i; i < count;) {
            address recipient = to[i];
            uint256 amount = amounts[i];
            if (recipient == address(0)) revert ERC20InvalidReceiver(address(0));
            // Same as _mint without the second zero check: _update increases totalSupply (checked)
            // and the recipient's balance, and emits Transfer(0, recipient, amount).
            _update(address(0), recipient, amount);
            unchecked {
                // Cannot overflow: every amount was already added, checked, to totalSupply.
                total += amount;
                ++i;
            }
        }
        emit BatchMinted(batchId, count, total);
    }

    /// @notice Whether `batchId` was already minted.
    function isBatchMinted(bytes32 batchId) external view returns (bool) {
        return _batchMinted[batchId];
    }

    /// @notice Burns `amount` points from `from` without an allowance (custodial wallets; refunds).
    /// @dev Reverts: ERC20InvalidSender (from is address(0)), ERC20InsufficientBalance.
    function clawback(address from, uint256 amount) external onlyRole(CLAWBACK_ROLE) {
        _burn(from, amount);
        emit Clawback(from, amount, msg.sender);
    }
}
