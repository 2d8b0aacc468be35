// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title PointsSale
/// @notice A catalogue of items priced in points. Operators list items; a relayer buys on behalf of
/// users, pulling `price * quantity` points from the buyer to the item's seller.
contract PointsSale is AccessControl {
    using SafeERC20 for IERC20;

    bytes32 public constant OPERATOR_ROLE = keccak256("OPERATOR_ROLE");
    bytes32 public constant RELAYER_ROLE = keccak256("RELAYER_ROLE");

    /// @dev `stock` is the number of units still available; `sold` counts units sold so far.
    struct Item {
        address seller;
        bool active;
        uint256 price;
        uint256 stock;
        uint256 sold;
    }

    IERC20 public immutable points;
    /// @notice Number of listed items; ids are 1..itemCount.
    uint256 public itemCount;
    /// @notice Number of purchases; purchase ids are 1..purchaseCount.
    uint256 public purchaseCount;

    mapping(uint256 itemId => Item) private _items;

    event ItemListed(uint256 indexed itemId, address indexed seller, uint256 price, uint256 stock, bool active);
    event ItemUpdated(uint256 indexed itemId, uint256 price, uint256 stock, bool active);
    event ItemPurchased(
        uint256 indexed purchaseId,
        uint256 indexed itemId,
        address indexed buyer,
        address seller,
        uint256 quantity,
        uint256 totalPrice
    );

    error ZeroAddress();
    error ZeroQuantity();
    error ItemNotFound(uint256 itemId);
    error ItemInactive(uint256 itemId);
    error InsufficientStock(uint256 itemId, uint256 requested, uint256 available);

    constructor(address points_, address admin) {
        if (points_ == address(0) || admin == address(0)) revert ZeroAddress();
        points = IERC20(points_);
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
    }

    // ---------------------------------------------------------------- operator

    function listItem(address seller, uint256 price, uint256 stock, bool active)
        external
        onlyRole(OPERATOR_ROLE)
        returns (uint256 itemId)
    {
        if (seller == address(0)) revert ZeroAddress();
        itemId = ++itemCount;
        _items[itemId] = Item({seller: seller, active: active, price: price, stock: stock, sold: 0});
        emit ItemListed(itemId, seller, price, stock, active);
    }

    function setItemActive(uint256 itemId, bool active) external onlyRole(OPERATOR_ROLE) {
        Item storage it = _item(itemId);
        it.active = active;
        emit ItemUpdated(itemId, it.price, it.stock, active);
    }

    function setItemPrice(uint256 itemId, uint256 price) external onlyRole(OPERATOR_ROLE) {
        Item storage it = _item(itemId);
        it.price = price;
        emit ItemUpdated(itemId, price, it.stock, it.active);
    }

    function setItemStock(uint256 itemId, uint256 stock) external onlyRole(OPERATOR_ROLE) {
        Item storage it = _item(itemId);
        it.stock = stock;
        emit ItemUpdated(itemId, it.price, stock, it.active);
    }

    // ---------------------------------------------------------------- relayer

    /// @notice Buys `quantity` units of `itemId` for `buyer`, paying `price * quantity` points from
    /// `buyer` to the seller (allowance normally from an ERC-2612 permit). Returns the purchase id.
    function purchaseFor(address buyer, uint256 itemId, uint256 quantity)
        external
        onlyRole(RELAYER_ROLE)
        returns (uint256 purchaseId)
    {
        if (quantity == 0) revert ZeroQuantity();
        Item storage it = _item(itemId);
        if (!it.active) revert ItemInactive(itemId);
        uint256 stock = it.stock;
        if (quantity > stock) revert InsufficientStock(itemId, quantity, stock);
        unchecked {
            it.stock = stock - quantity;
            it.sold += quantity;
            purchaseId = ++purchaseCount;
        }
        uint256 totalPrice = it.price * quantity;
        address seller = it.seller;
        if (totalPrice != 0) points.safeTransferFrom(buyer, seller, totalPrice);
        emit ItemPurchased(purchaseId, itemId, buyer, seller, quantity, totalPrice);
    }

    // ---------------------------------------------------------------- readers

    function item(uint256 itemId) external view returns (Item memory) {
        return _item(itemId);
    }

    function _item(uint256 itemId) private view returns (Item storage it) {
        it = _items[itemId];
        if (it.seller == address(0)) revert ItemNotFound(itemId);
    }
}
