// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title BusinessEscrow
/// @notice Holds points paid by a user to a business until the payment is released to the business
/// (by the payer or an operator) or refunded to the payer (by the business or an operator).
contract BusinessEscrow is AccessControl {
    using SafeERC20 for IERC20;

    bytes32 public constant OPERATOR_ROLE = keccak256("OPERATOR_ROLE");
    bytes32 public constant RELAYER_ROLE = keccak256("RELAYER_ROLE");

    enum Status {
        None,
        Pending,
        Released,
        Refunded
    }

    struct Escrow {
        address payer;
        uint64 createdAt;
        Status status;
        address business;
        uint256 amount;
    }

    IERC20 public immutable points;
    /// @notice Number of escrows; ids are 1..escrowCount.
    uint256 public escrowCount;

    mapping(uint256 escrowId => Escrow) private _escrows;

    event Deposited(uint256 indexed escrowId, address indexed payer, address indexed business, uint256 amount);
    event Released(uint256 indexed escrowId, address indexed business, uint256 amount, address by);
    event Refunded(uint256 indexed escrowId, address indexed payer, uint256 amount, address by);

    error ZeroAddress();
    error ZeroAmount();
    error EscrowNotFound(uint256 escrowId);
    error EscrowNotPending(uint256 escrowId, Status status);
    error Unauthorized(address caller);

    constructor(address points_, address admin) {
        if (points_ == address(0) || admin == address(0)) revert ZeroAddress();
        points = IERC20(points_);
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
    }

    /// @notice Pulls `amount` points from `payer` into escrow for `business` (allowance normally from
    /// an ERC-2612 permit). Returns the escrow id.
    function depositFor(address payer, address business, uint256 amount)
        external
        onlyRole(RELAYER_ROLE)
        returns (uint256 escrowId)
    {
        if (payer == address(0) || business == address(0)) revert ZeroAddress();
        if (amount == 0) revert ZeroAmount();
        unchecked {
            escrowId = ++escrowCount;
        }
        _escrows[escrowId] = Escrow({
            payer: payer,
            createdAt: uint64(block.timestamp),
            status: Status.Pending,
            business: business,
            amount: amount
        });
        points.safeTransferFrom(payer, address(this), amount);
        emit Deposited(escrowId, payer, business, amount);
    }

    /// @notice Pays a pending escrow to its business. Callable by the payer or an operator.
    function release(uint256 escrowId) external {
        Escrow storage e = _pending(escrowId);
        if (msg.sender != e.payer && !hasRole(OPERATOR_ROLE, msg.sender)) revert Unauthorized(msg.sender);
        e.status = Status.Released;
        address business = e.business;
        uint256 amount = e.amount;
        points.safeTransfer(business, amount);
        emit Released(escrowId, business, amount, msg.sender);
    }

    /// @notice Returns a pending escrow to its payer. Callable by the business or an operator.
    function refund(uint256 escrowId) external {
        Escrow storage e = _pending(escrowId);
        if (msg.sender != e.business && !hasRole(OPERATOR_ROLE, msg.sender)) revert Unauthorized(msg.sender);
        e.status = Status.Refunded;
        address payer = e.payer;
        uint256 amount = e.amount;
        points.safeTransfer(payer, amount);
        emit Refunded(escrowId, payer, amount, msg.sender);
    }

    function escrow(uint256 escrowId) external view returns (Escrow memory) {
        Escrow storage e = _escrows[escrowId];
        if (e.status == Status.None) revert EscrowNotFound(escrowId);
        return e;
    }

    function _pending(uint256 escrowId) private view returns (Escrow storage e) {
        e = _escrows[escrowId];
        Status status = e.status;
        if (status == Status.None) revert EscrowNotFound(escrowId);
        if (status != Status.Pending) revert EscrowNotPending(escrowId, status);
    }
}
