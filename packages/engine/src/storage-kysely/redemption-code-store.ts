import type { Kysely, Selectable } from 'kysely'
import type { RedemptionCode, RedemptionCodeStore } from '../ports/redemption-code-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'
import type { RedemptionCodesTable } from './redemption-code-tables'

function toCode(row: Selectable<RedemptionCodesTable>): RedemptionCode {
  return {
    code: row.code,
    collectionId: row.collection_id,
    tokenId: row.token_id,
    createdAt: Number(row.created_at),
  }
}

export function createRedemptionCodeStore(db: Kysely<Database>, _dialect: SqlDialect): RedemptionCodeStore {
  return {
    async record(c) {
      // ON CONFLICT DO NOTHING without a target covers both unique keys (code, and the claim).
      const result = await db
        .insertInto('redemption_codes')
        .values({ code: c.code, collection_id: c.collectionId, token_id: c.tokenId, created_at: c.createdAt })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0
    },

    async find(code) {
      const row = await db.selectFrom('redemption_codes').selectAll().where('code', '=', code).executeTakeFirst()
      return row ? toCode(row) : undefined
    },

    async findByClaim({ collectionId, tokenId }) {
      const row = await db
        .selectFrom('redemption_codes')
        .selectAll()
        .where('collection_id', '=', collectionId)
        .where('token_id', '=', tokenId)
        .executeTakeFirst()
      return row ? toCode(row) : undefined
    },
  }
}
