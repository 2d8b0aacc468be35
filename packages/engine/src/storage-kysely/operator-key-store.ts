import type { Kysely, Selectable } from 'kysely'
import type { OperatorKeyRecord, OperatorKeyStore } from '../ports/operator-key-store'
import type { OperatorKeysTable } from './admin-tables'
import type { Database } from './database'
import { numberOrNull } from './number-or-null'

function toRecord(row: Selectable<OperatorKeysTable>): OperatorKeyRecord {
  return {
    id: row.id,
    name: row.name,
    keyHash: row.key_hash,
    prefix: row.prefix,
    createdAt: Number(row.created_at),
    revokedAt: numberOrNull(row.revoked_at),
  }
}

export function createOperatorKeyStore(db: Kysely<Database>): OperatorKeyStore {
  return {
    async create(key) {
      await db
        .insertInto('operator_keys')
        .values({
          id: key.id,
          name: key.name,
          key_hash: key.keyHash,
          prefix: key.prefix,
          created_at: key.createdAt,
          revoked_at: key.revokedAt,
        })
        .execute()
    },

    async findByHash(keyHash) {
      const row = await db.selectFrom('operator_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst()
      return row && toRecord(row)
    },

    async list() {
      const rows = await db.selectFrom('operator_keys').selectAll().orderBy('created_at').orderBy('id').execute()
      return rows.map(toRecord)
    },

    async revoke(id, at) {
      const result = await db
        .updateTable('operator_keys')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },
  }
}
