import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Indexes of the brand's reward-events list (`GET /loyalty-api/events`, docs/members.md#indexes):
 * one per filter, each ending in (created_at, id), the list's keyset order, so that every filter
 * combination reads one page of index rows with a million events: the brand by time; by event type;
 * by user (the normalised email; replaces 0003's (brand_id, user_key, created_at), which had no id
 * to break ties); by the wallet the rewards went to. A type with a user or a wallet is served by the
 * user's or the wallet's index (few rows per member).
 */
export const migration0015RewardEventReads: Migration = {
  async up(db: Kysely<unknown>) {
    const index = (name: string) => db.schema.createIndex(name).on('reward_events')
    await db.schema.dropIndex('reward_events_brand_user_idx').execute()
    await index('reward_events_brand_user_idx').columns(['brand_id', 'user_key', 'created_at', 'id']).execute()
    await index('reward_events_brand_time_idx').columns(['brand_id', 'created_at', 'id']).execute()
    await index('reward_events_brand_type_idx').columns(['brand_id', 'event_type', 'created_at', 'id']).execute()
    await index('reward_events_brand_wallet_idx').columns(['brand_id', 'wallet_address', 'created_at', 'id']).execute()
  },
  async down(db: Kysely<unknown>) {
    for (const name of [
      'reward_events_brand_wallet_idx',
      'reward_events_brand_type_idx',
      'reward_events_brand_time_idx',
    ]) {
      await db.schema.dropIndex(name).ifExists().execute()
    }
    await db.schema.dropIndex('reward_events_brand_user_idx').execute()
    await db.schema
      .createIndex('reward_events_brand_user_idx')
      .on('reward_events')
      .columns(['brand_id', 'user_key', 'created_at'])
      .execute()
  },
}
