import type { Kysely, Selectable } from 'kysely'
import type { PerkRedemption, PerkRedemptionSource, PerkRedemptionStore } from '../ports/perk-redemption-store'
import type { Database } from './database'
import type { PerkRedemptionsTable } from './perk-redemption-tables'

function toRedemption(row: Selectable<PerkRedemptionsTable>): PerkRedemption {
  return {
    id: row.id,
    collectionId: row.collection_id,
    tokenId: row.token_id,
    perkId: row.perk_id,
    brandId: row.brand_id,
    walletAddress: row.wallet_address,
    userKey: row.user_key,
    price: row.price,
    newBalance: row.new_balance,
    transactionHash: row.transaction_hash,
    source: row.source as PerkRedemptionSource,
    agentKeyId: row.agent_key_id,
    idempotencyScope: row.idempotency_scope,
    idempotencyKey: row.idempotency_key,
    createdAt: Number(row.created_at),
  }
}

export function createPerkRedemptionStore(db: Kysely<Database>): PerkRedemptionStore {
  return {
    async record(r) {
      // ON CONFLICT DO NOTHING without a target covers both unique keys (the claim id, the idempotency key).
      const result = await db
        .insertInto('perk_redemptions')
        .values({
          id: r.id,
          collection_id: r.collectionId,
          token_id: r.tokenId,
          perk_id: r.perkId,
          brand_id: r.brandId,
          wallet_address: r.walletAddress,
          user_key: r.userKey,
          price: r.price,
          new_balance: r.newBalance,
          transaction_hash: r.transactionHash,
          source: r.source,
          agent_key_id: r.agentKeyId,
          idempotency_scope: r.idempotencyScope,
          idempotency_key: r.idempotencyKey,
          created_at: r.createdAt,
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0
    },

    async findByIdempotencyKey({ scope, key }) {
      const row = await db
        .selectFrom('perk_redemptions')
        .selectAll()
        .where('idempotency_scope', '=', scope)
        .where('idempotency_key', '=', key)
        .executeTakeFirst()
      return row ? toRedemption(row) : undefined
    },

    async findByClaim({ collectionId, tokenId }) {
      const row = await db
        .selectFrom('perk_redemptions')
        .selectAll()
        .where('id', '=', `${collectionId}:${tokenId}`)
        .executeTakeFirst()
      return row ? toRedemption(row) : undefined
    },
  }
}
