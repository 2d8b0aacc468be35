import type { Kysely, Selectable } from 'kysely'
import type { PointsSaleItemRecord, PointsSaleStore } from '../ports/points-sale-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'
import type { PointsSaleItemsTable } from './points-sale-tables'

function toRecord(row: Selectable<PointsSaleItemsTable>): PointsSaleItemRecord {
  return {
    contract: row.contract,
    itemId: Number(row.item_id),
    brandId: row.brand_id,
    name: row.name,
    description: row.description,
    category: row.category,
    transactionHash: row.transaction_hash,
    blockNumber: Number(row.block_number),
    createdAt: Number(row.created_at),
  }
}

export function createPointsSaleStore(db: Kysely<Database>, _dialect: SqlDialect): PointsSaleStore {
  return {
    async create(item) {
      await db
        .insertInto('points_sale_items')
        .values({
          contract: item.contract.toLowerCase(),
          item_id: item.itemId,
          brand_id: item.brandId,
          name: item.name,
          description: item.description,
          category: item.category,
          transaction_hash: item.transactionHash,
          block_number: item.blockNumber,
          created_at: item.createdAt,
        })
        .execute()
    },

    async listByItemIds({ contract, itemIds }) {
      if (itemIds.length === 0) return []
      const rows = await db
        .selectFrom('points_sale_items')
        .selectAll()
        .where('contract', '=', contract.toLowerCase())
        .where('item_id', 'in', itemIds)
        .execute()
      return rows.map(toRecord)
    },
  }
}
