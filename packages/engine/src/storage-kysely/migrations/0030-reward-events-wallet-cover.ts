import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

const WALLET_IDX = 'reward_events_wallet_idx'

/**
 * Reward events by wallet, now covering brand and reward (docs/performance.md, "pnpm bench:agent"):
 * the agent API's per-wallet aggregates read only index rows instead of one table row per event:
 * user_persona's network standing (every wallet's events of the last 90 days, grouped by wallet, in
 * the index's order: no sort), the audiences' per-member activity (brand_audience, perk_audience,
 * perk_intelligence: each member's history, distinct brands and sum earned) and a wallet's brands.
 * Replaces 0017's (wallet_address, created_at, id), whose leading columns it keeps (the newest-first
 * walk of a wallet's events is served as before), so the event path maintains no extra index.
 */
export const migration0030RewardEventsWalletCover: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex(WALLET_IDX).ifExists().execute()
    await db.schema
      .createIndex(WALLET_IDX)
      .on('reward_events')
      .columns(['wallet_address', 'created_at', 'id', 'brand_id', 'reward_amount'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex(WALLET_IDX).ifExists().execute()
    await db.schema
      .createIndex(WALLET_IDX)
      .on('reward_events')
      .columns(['wallet_address', 'created_at', 'id'])
      .execute()
  },
}
