import type { Kysely, Selectable } from 'kysely'
import type { ApiKeyRecord, ApiKeyScope, ApiKeyStore } from '../ports/api-key-store'
import type { ApiKeysTable } from './core-tables'
import type { Database } from './database'
import type { SqlDialect } from './dialect'

function toRecord(row: Selectable<ApiKeysTable>): ApiKeyRecord {
  return {
    id: row.id,
    brandId: row.brand_id,
    scopes: JSON.parse(row.scopes) as ApiKeyScope[],
    keyHash: row.key_hash,
    prefix: row.prefix,
    createdAt: Number(row.created_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  }
}

export function createApiKeyStore(db: Kysely<Database>, _dialect: SqlDialect): ApiKeyStore {
  return {
    async create(key) {
      await db
        .insertInto('api_keys')
        .values({
          id: key.id,
          brand_id: key.brandId,
          scopes: JSON.stringify(key.scopes),
          key_hash: key.keyHash,
          prefix: key.prefix,
          created_at: key.createdAt,
          revoked_at: key.revokedAt,
        })
        .execute()
    },

    async findByHash(keyHash) {
      const row = await db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst()
      return row && toRecord(row)
    },

    async listForBrand(brandId) {
      const rows = await db
        .selectFrom('api_keys')
        .selectAll()
        .where('brand_id', '=', brandId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
      return rows.map(toRecord)
    },

    async revoke(id, at) {
      const updated = await db
        .updateTable('api_keys')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .returning('id')
        .executeTakeFirst()
      return updated !== undefined
    },

    async setSecret(brandId, kind, ciphertext, at) {
      await db
        .insertInto('brand_secrets')
        .values({ brand_id: brandId, kind, ciphertext, updated_at: at })
        .onConflict((oc) =>
          oc.columns(['brand_id', 'kind']).doUpdateSet((eb) => ({
            ciphertext: eb.ref('excluded.ciphertext'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute()
    },

    async getSecret(brandId, kind) {
      const row = await db
        .selectFrom('brand_secrets')
        .select('ciphertext')
        .where('brand_id', '=', brandId)
        .where('kind', '=', kind)
        .executeTakeFirst()
      return row?.ciphertext
    },

    async getSecretSetAt(brandId, kind) {
      const row = await db
        .selectFrom('brand_secrets')
        .select('updated_at')
        .where('brand_id', '=', brandId)
        .where('kind', '=', kind)
        .executeTakeFirst()
      return row === undefined ? undefined : Number(row.updated_at)
    },
  }
}
