import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Indexes of the agent API's network and user reads (ActivityStore, docs/agent-api.md): reward
 * events by time, covering brand, wallet and reward (the 30- and 90-day windows read only the
 * window's index rows); reward events by wallet (a user's events across brands); ledger entries by
 * kind and time (the network's redemptions).
 */
export const migration0017AgentReads: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('reward_events_time_idx')
      .on('reward_events')
      .columns(['created_at', 'brand_id', 'wallet_address', 'reward_amount'])
      .execute()
    await db.schema
      .createIndex('reward_events_wallet_idx')
      .on('reward_events')
      .columns(['wallet_address', 'created_at', 'id'])
      .execute()
    await db.schema
      .createIndex('ledger_entries_kind_idx')
      .on('ledger_entries')
      .columns(['kind', 'created_at'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    for (const name of ['ledger_entries_kind_idx', 'reward_events_wallet_idx', 'reward_events_time_idx']) {
      await db.schema.dropIndex(name).ifExists().execute()
    }
  },
}
