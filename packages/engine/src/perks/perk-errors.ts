import { LoyaltyError } from '../errors/loyalty-error'

/** No perk collection with that id on chain (404 COLLECTION_NOT_FOUND). */
export class CollectionNotFoundError extends LoyaltyError {
  override name = 'CollectionNotFoundError'
  constructor(collectionId: string) {
    super(`Perk collection ${collectionId} not found`, {
      code: 'COLLECTION_NOT_FOUND',
      category: 'not_found',
      details: { collectionId },
    })
  }
}

/** The collection (or the token's collection) belongs to another brand (403 PERK_NOT_OWNED). */
export class PerkNotOwnedError extends LoyaltyError {
  override name = 'PerkNotOwnedError'
  constructor(details: { brandId: string; collectionId: string; tokenId?: string }) {
    super('This perk is not one of your brand\u2019s perks', {
      code: 'PERK_NOT_OWNED',
      category: 'permission',
      details,
    })
  }
}

/** No such perk token, or not one of the named collection (404 TOKEN_NOT_FOUND). */
export class PerkTokenNotFoundError extends LoyaltyError {
  override name = 'PerkTokenNotFoundError'
  constructor(details: { collectionId: string; tokenId: string; reason: 'not_minted' | 'other_collection' }) {
    super(
      details.reason === 'not_minted'
        ? `Perk token ${details.tokenId} does not exist`
        : `Perk token ${details.tokenId} is not a token of collection ${details.collectionId}`,
      { code: 'TOKEN_NOT_FOUND', category: 'not_found', details },
    )
  }
}

/** The token has no charges left, or fewer than requested (409 NO_CHARGES_LEFT / INSUFFICIENT_CHARGES). */
export class PerkChargesError extends LoyaltyError {
  override name = 'PerkChargesError'
  constructor(details: { collectionId: string; tokenId: string; requested: number; chargesRemaining: number }) {
    const none = details.chargesRemaining === 0
    super(
      none
        ? `Perk token ${details.tokenId} has no charges left`
        : `Perk token ${details.tokenId} has ${details.chargesRemaining} charges left, ${details.requested} requested`,
      { code: none ? 'NO_CHARGES_LEFT' : 'INSUFFICIENT_CHARGES', category: 'conflict', details },
    )
  }
}
