import type { Kysely, Selectable } from 'kysely'
import type { AgentKeyRecord, AgentKeyStore, AgentTier } from '../ports/agent-key-store'
import type { AgentKeysTable } from './agent-tables'
import type { Database } from './database'
import type { SqlDialect } from './dialect'
import { numberOrNull } from './number-or-null'

/** lastUsedAt is kept to the minute: a signed request writes it at most once a minute. */
const TOUCH_EVERY_MS = 60_000

function toRecord(row: Selectable<AgentKeysTable>): AgentKeyRecord {
  return {
    id: row.id,
    name: row.name,
    secretCiphertext: row.secret_ciphertext,
    tier: row.tier as AgentTier,
    canOnboard: Number(row.can_onboard) === 1,
    canManageProgram: Number(row.can_manage_program) === 1,
    brandScope: row.brand_scope === null ? null : (JSON.parse(row.brand_scope) as string[]),
    rateLimitPerMinute: numberOrNull(row.rate_limit_per_minute),
    createdAt: Number(row.created_at),
    rotatedAt: numberOrNull(row.rotated_at),
    revokedAt: numberOrNull(row.revoked_at),
    lastUsedAt: numberOrNull(row.last_used_at),
  }
}

export function createAgentKeyStore(db: Kysely<Database>, _dialect: SqlDialect): AgentKeyStore {
  return {
    async create(key) {
      await db
        .insertInto('agent_keys')
        .values({
          id: key.id,
          name: key.name,
          secret_ciphertext: key.secretCiphertext,
          tier: key.tier,
          can_onboard: key.canOnboard ? 1 : 0,
          can_manage_program: key.canManageProgram ? 1 : 0,
          brand_scope: key.brandScope === null ? null : JSON.stringify(key.brandScope),
          rate_limit_per_minute: key.rateLimitPerMinute,
          created_at: key.createdAt,
          rotated_at: key.rotatedAt,
          revoked_at: key.revokedAt,
          last_used_at: key.lastUsedAt,
        })
        .execute()
    },

    async get(id) {
      const row = await db.selectFrom('agent_keys').selectAll().where('id', '=', id).executeTakeFirst()
      return row && toRecord(row)
    },

    async list() {
      const rows = await db.selectFrom('agent_keys').selectAll().orderBy('created_at').orderBy('id').execute()
      return rows.map(toRecord)
    },

    async revoke(id, at) {
      const result = await db
        .updateTable('agent_keys')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async rotate(id, secretCiphertext, at) {
      const result = await db
        .updateTable('agent_keys')
        .set({ secret_ciphertext: secretCiphertext, rotated_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async touch(id, at) {
      await db
        .updateTable('agent_keys')
        .set({ last_used_at: at })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', at - TOUCH_EVERY_MS)]))
        .execute()
    },
  }
}
