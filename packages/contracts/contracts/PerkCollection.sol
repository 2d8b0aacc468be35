// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";

/// @title PerkCollection
/// @notice ERC-721 perks bought with points. Brand operators create collections; a relayer claims
/// perks on behalf of users (after executing the user's ERC-2612 permit on the points token); each
/// perk token carries a number of charges that operators consume when the perk is redeemed.
contract PerkCollection is ERC721, AccessControl {
    using SafeERC20 for IERC20;

    bytes32 public constant OPERATOR_ROLE = keccak256("OPERATOR_ROLE");
    bytes32 public constant RELAYER_ROLE = keccak256("RELAYER_ROLE");

    /// @dev maxSupply == 0 and maxPerUser == 0 mean "unlimited".
    struct Collection {
        address brand;
        bool active;
        uint32 chargesPerToken;
        uint256 price;
        uint256 maxSupply;
        uint256 maxPerUser;
        uint256 claimed;
        string name;
    }

    struct TokenInfo {
        uint256 collectionId;
        uint32 chargesRemaining;
        uint32 chargesTotal;
        uint64 claimedAt;
    }

    /// @notice The points token perks are paid with.
    IERC20 public immutable points;
    /// @notice Number of collections created; ids are 1..collectionCount.
    uint256 public collectionCount;
    /// @notice Number of perk tokens minted; token ids are 1..tokenCount.
    uint256 public tokenCount;

    string private _baseTokenURI;
    mapping(uint256 collectionId => Collection) private _collections;
    mapping(uint256 tokenId => TokenInfo) private _tokens;
    mapping(uint256 collectionId => mapping(address user => uint256 claims)) private _claims;

    event CollectionCreated(
        uint256 indexed collectionId,
        address indexed brand,
        string name,
        uint256 price,
        uint256 maxSupply,
        uint256 maxPerUser,
        uint32 chargesPerToken,
        bool active
    );
    event CollectionActiveSet(uint256 indexed collectionId, bool active);
    event CollectionPriceSet(uint256 indexed collectionId, uint256 price);
    event PerkClaimed(uint256 indexed collectionId, address indexed user, uint256 indexed tokenId, uint256 price);
    event ChargesUsed(uint256 indexed tokenId, uint256 indexed collectionId, uint32 used, uint32 remaining);
    event BaseURISet(string baseURI);

    error ZeroAddress();
    error CollectionNotFound(uint256 collectionId);
    error CollectionInactive(uint256 collectionId);
    error SoldOut(uint256 collectionId);
    error MaxPerUserReached(address user, uint256 collectionId, uint256 claimed, uint256 max);
    error ZeroCharges();
    error NoChargesLeft(uint256 tokenId);
    error InsufficientCharges(uint256 tokenId, uint32 requested, uint32 remaining);

    constructor(string memory name_, string memory symbol_, address points_, address admin) ERC721(name_, symbol_) {
        if (points_ == address(0) || admin == address(0)) revert ZeroAddress();
        points = IERC20(points_);
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
    }

    // ---------------------------------------------------------------- operator

    /// @notice Creates a collection whose claims pay `price` points to `brand`.
    function createCollection(
        address brand,
        string calldata name,
        uint256 price,
        uint256 maxSupply,
        uint256 maxPerUser,
        uint32 chargesPerToken,
        bool active
    ) external onlyRole(OPERATOR_ROLE) returns (uint256 collectionId) {
        if (brand == address(0)) revert ZeroAddress();
        collectionId = ++collectionCount;
        Collection storage c = _collections[collectionId];
        c.brand = brand;
        c.active = active;
        c.chargesPerToken = chargesPerToken;
        c.price = price;
        c.maxSupply = maxSupply;
        c.maxPerUser = maxPerUser;
        c.name = name;
        emit CollectionCreated(collectionId, brand, name, price, maxSupply, maxPerUser, chargesPerToken, active);
    }

    function setActive(uint256 collectionId, bool active) external onlyRole(OPERATOR_ROLE) {
        _collection(collectionId).active = active;
        emit CollectionActiveSet(collectionId, active);
    }

    function setPrice(uint256 collectionId, uint256 price) external onlyRole(OPERATOR_ROLE) {
        _collection(collectionId).price = price;
        emit CollectionPriceSet(collectionId, price);
    }

    /// @notice Consumes `charges` charges of perk `tokenId`; returns the charges left.
    function useCharges(uint256 tokenId, uint32 charges) external onlyRole(OPERATOR_ROLE) returns (uint32 remaining) {
        _requireOwned(tokenId);
        if (charges == 0) revert ZeroCharges();
        TokenInfo storage t = _tokens[tokenId];
        remaining = t.chargesRemaining;
        if (remaining == 0) revert NoChargesLeft(tokenId);
        if (charges > remaining) revert InsufficientCharges(tokenId, charges, remaining);
        unchecked {
            remaining -= charges;
        }
        t.chargesRemaining = remaining;
        emit ChargesUsed(tokenId, t.collectionId, charges, remaining);
    }

    // ---------------------------------------------------------------- relayer

    /// @notice Claims one perk of `collectionId` for `user`: pulls the collection's price in points
    /// from `user` to the brand (needs an allowance, normally from an ERC-2612 permit executed just
    /// before) and mints the perk NFT to `user`.
    function claimFor(address user, uint256 collectionId) external onlyRole(RELAYER_ROLE) returns (uint256 tokenId) {
        Collection storage c = _collection(collectionId);
        if (!c.active) revert CollectionInactive(collectionId);
        uint256 claimed = c.claimed;
        uint256 maxSupply = c.maxSupply;
        if (maxSupply != 0 && claimed >= maxSupply) revert SoldOut(collectionId);
        uint256 userClaims = _claims[collectionId][user];
        uint256 maxPerUser = c.maxPerUser;
        if (maxPerUser != 0 && userClaims >= maxPerUser) {
            revert MaxPerUserReached(user, collectionId, userClaims, maxPerUser);
        }

        unchecked {
            c.claimed = claimed + 1;
            _claims[collectionId][user] = userClaims + 1;
            tokenId = ++tokenCount;
        }
        uint32 charges = c.chargesPerToken;
        _tokens[tokenId] = TokenInfo({
            collectionId: collectionId,
            chargesRemaining: charges,
            chargesTotal: charges,
            claimedAt: uint64(block.timestamp)
        });
        // _mint, not _safeMint: no receiver callback, so no re-entrancy before the payment.
        _mint(user, tokenId);

        uint256 price = c.price;
        if (price != 0) points.safeTransferFrom(user, c.brand, price);
        emit PerkClaimed(collectionId, user, tokenId, price);
    }

    // ---------------------------------------------------------------- admin

    function setBaseURI(string calldata baseURI) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _baseTokenURI = baseURI;
        emit BaseURISet(baseURI);
    }

    // ---------------------------------------------------------------- readers

    function collection(uint256 collectionId) external view returns (Collection memory) {
        return _collection(collectionId);
    }

    /// @notice Number of perks `user` claimed from `collectionId` (transfers do not change it).
    function claimsOf(uint256 collectionId, address user) external view returns (uint256) {
        return _claims[collectionId][user];
    }

    function totalClaimed(uint256 collectionId) external view returns (uint256) {
        return _collection(collectionId).claimed;
    }

    function tokenInfo(uint256 tokenId) external view returns (TokenInfo memory) {
        _requireOwned(tokenId);
        return _tokens[tokenId];
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC721, AccessControl) returns (bool) {
        return super.supportsInterface(interfaceId);
    }

    // ---------------------------------------------------------------- internal

    function _collection(uint256 collectionId) private view returns (Collection storage c) {
        c = _collections[collectionId];
        if (c.brand == address(0)) revert CollectionNotFound(collectionId);
    }

    function _baseURI() internal view override returns (string memory) {
        return _baseTokenURI;
    }
}
