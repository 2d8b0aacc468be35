/**
 * Points-sale items listed through the engine (migration 0012-points-sale): what the chain does not
 * hold. Column conventions are those of `database.ts`.
 */
export interface PointsSaleTables {
  points_sale_items: PointsSaleItemsTable
}

/** Primary key (contract, item_id). */
export interface PointsSaleItemsTable {
  contract: string
  item_id: number
  brand_id: string
  name: string
  description: string | null
  category: string | null
  transaction_hash: string
  block_number: number
  created_at: number
}
