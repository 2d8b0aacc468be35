import type { Kysely, Selectable } from 'kysely'
import type { PregenerationRecord, PregenerationStore } from '../ports/pregeneration-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'
import type { PregenerationsTable } from './identity-tables'

function toRecord(row: Selectable<PregenerationsTable>): PregenerationRecord {
  return {
    oauthProvider: row.oauth_provider,
    oauthUserId: row.oauth_user_id,
    brandId: row.brand_id,
    userId: row.user_id,
    walletAddress: row.wallet_address,
    oauthUsername: row.oauth_username,
    metadata: row.metadata === null ? null : (JSON.parse(row.metadata) as Record<string, unknown>),
    createdAt: Number(row.created_at),
  }
}

export function createPregenerationStore(db: Kysely<Database>, _dialect: SqlDialect): PregenerationStore {
  return {
    async insert(record) {
      await db
        .insertInto('pregenerations')
        .values({
          oauth_provider: record.oauthProvider,
          oauth_user_id: record.oauthUserId,
          brand_id: record.brandId,
          user_id: record.userId,
          wallet_address: record.walletAddress.toLowerCase(),
          oauth_username: record.oauthUsername,
          metadata: record.metadata === null ? null : JSON.stringify(record.metadata),
          created_at: record.createdAt,
        })
        .execute()
    },

    async find(oauthProvider, oauthUserId) {
      const row = await db
        .selectFrom('pregenerations')
        .selectAll()
        .where('oauth_provider', '=', oauthProvider)
        .where('oauth_user_id', '=', oauthUserId)
        .executeTakeFirst()
      return row && toRecord(row)
    },
  }
}
