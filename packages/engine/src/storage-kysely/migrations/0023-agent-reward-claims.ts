import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Agent rewards (docs/agent-api.md#claim_reward): one row per paid (reward type, brand), unique
 * network-wide so concurrent claims pay once; a key's claims by time (its daily and weekly caps).
 */
export const migration0023AgentRewardClaims: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('agent_reward_claims')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('agent_key_id', 'text', (c) => c.notNull())
      .addColumn('reward_type', 'text', (c) => c.notNull())
      .addColumn('brand_address', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('mint_job_id', 'text', (c) => c.notNull())
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('agent_reward_claims_type_brand_key', ['reward_type', 'brand_address'])
      .execute()
    await db.schema
      .createIndex('agent_reward_claims_key_idx')
      .on('agent_reward_claims')
      .columns(['agent_key_id', 'created_at'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('agent_reward_claims').ifExists().execute()
  },
}
