/**
 * What the chain does not hold of a points-sale item listed through the engine (`addPointsSaleItem`):
 * its name and description. Price, stock, sales and the active flag live on the PointsSale contract
 * only (read live by `listPointsSaleItems`).
 */
export type PointsSaleItemRecord = {
  /** The PointsSale contract the item is listed on (lowercase): a redeployed sale starts its ids at 1 again. */
  contract: string
  /** On-chain item id (ids start at 1). */
  itemId: number
  /** The seller: the brand whose address receives the points of each purchase. */
  brandId: string
  name: string
  description: string | null
  category: string | null
  /** The listItem transaction and its block. */
  transactionHash: string
  blockNumber: number
  createdAt: number
}

export interface PointsSaleStore {
  /** Plain insert; (`contract`, `itemId`) is unique (a duplicate throws the driver's error). */
  create(item: PointsSaleItemRecord): Promise<void>
  /** The records of those items of `contract` that have one (in no particular order). */
  listByItemIds(p: { contract: string; itemIds: number[] }): Promise<PointsSaleItemRecord[]>
}
