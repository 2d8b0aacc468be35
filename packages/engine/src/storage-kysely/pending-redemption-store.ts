import type { Kysely, Selectable } from 'kysely'
import type {
  PendingRedemption,
  PendingRedemptionState,
  PendingRedemptionStore,
} from '../ports/pending-redemption-store'
import type { PerkRedemptionSource } from '../ports/perk-redemption-store'
import type { Database } from './database'
import { numberOrNull } from './number-or-null'
import type { PendingRedemptionsTable } from './pending-redemption-tables'

function toPending(row: Selectable<PendingRedemptionsTable>): PendingRedemption {
  return {
    id: row.id,
    perkId: row.perk_id,
    brandId: row.brand_id,
    collectionId: row.collection_id,
    walletAddress: row.wallet_address,
    userKey: row.user_key,
    source: row.source as PerkRedemptionSource,
    agentKeyId: row.agent_key_id,
    idempotencyScope: row.idempotency_scope,
    idempotencyKey: row.idempotency_key,
    state: row.state as PendingRedemptionState,
    chainId: numberOrNull(row.chain_id),
    signer: row.signer,
    nonce: numberOrNull(row.nonce),
    transactionHash: row.transaction_hash,
    redemptionId: row.redemption_id,
    error: row.error,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  }
}

export function createPendingRedemptionStore(db: Kysely<Database>): PendingRedemptionStore {
  /** One conditional UPDATE of a `pending` row; true when it changed it. */
  async function fromPending(id: string, set: Partial<PendingRedemptionsTable>) {
    const result = await db
      .updateTable('pending_redemptions')
      .set(set)
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }

  return {
    async open(r) {
      // ON CONFLICT DO NOTHING without a target covers the partial unique index of the idempotency key.
      const result = await db
        .insertInto('pending_redemptions')
        .values({
          id: r.id,
          perk_id: r.perkId,
          brand_id: r.brandId,
          collection_id: r.collectionId,
          wallet_address: r.walletAddress,
          user_key: r.userKey,
          source: r.source,
          agent_key_id: r.agentKeyId,
          idempotency_scope: r.idempotencyScope,
          idempotency_key: r.idempotencyKey,
          state: r.state,
          chain_id: r.chainId,
          signer: r.signer,
          nonce: r.nonce,
          transaction_hash: r.transactionHash,
          redemption_id: r.redemptionId,
          error: r.error,
          created_at: r.createdAt,
          updated_at: r.updatedAt,
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0
    },

    async get(id) {
      const row = await db.selectFrom('pending_redemptions').selectAll().where('id', '=', id).executeTakeFirst()
      return row ? toPending(row) : undefined
    },

    async findByIdempotencyKey({ scope, key }) {
      const row = await db
        .selectFrom('pending_redemptions')
        .selectAll()
        .where('idempotency_scope', '=', scope)
        .where('idempotency_key', '=', key)
        .where('state', '<>', 'failed')
        .executeTakeFirst()
      return row ? toPending(row) : undefined
    },

    attachTransaction: ({ id, chainId, signer, nonce, transactionHash, now }) =>
      fromPending(id, {
        chain_id: chainId,
        signer: signer.toLowerCase(),
        nonce,
        transaction_hash: transactionHash.toLowerCase(),
        updated_at: now,
      }),

    confirm: ({ id, redemptionId, now }) =>
      fromPending(id, { state: 'confirmed', redemption_id: redemptionId, updated_at: now }),

    fail: ({ id, error, now }) => fromPending(id, { state: 'failed', error: error.slice(0, 500), updated_at: now }),

    async listPending({ createdBefore, limit }) {
      const rows = await db
        .selectFrom('pending_redemptions')
        .selectAll()
        .where('state', '=', 'pending')
        .where('created_at', '<', createdBefore)
        .orderBy('created_at')
        .limit(limit)
        .execute()
      return rows.map(toPending)
    },
  }
}
