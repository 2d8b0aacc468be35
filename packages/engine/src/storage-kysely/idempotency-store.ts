import type { Kysely } from 'kysely'
import type { IdempotencyClaim, IdempotencyClaimRef, IdempotencyStore } from '../ports/idempotency-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'

/** A row can vanish between the claim and the read (released, purged): claim again, a few times. */
const CLAIM_ATTEMPTS = 5

/** The row while `claimId` holds it in progress (filter of extend, complete and release). */
const heldBy = (r: IdempotencyClaimRef) => ({ scope: r.scope, key: r.key, claim_id: r.claimId, state: 'in_progress' })

export function createIdempotencyStore(db: Kysely<Database>, _dialect: SqlDialect): IdempotencyStore {
  return {
    async claim({ scope, key, claimId, requestHash, now, lockTtlMs }) {
      const fresh = {
        request_hash: requestHash,
        claim_id: claimId,
        state: 'in_progress',
        response_status: null,
        response_headers: null,
        response_body: null,
        created_at: now,
        completed_at: null,
        expires_at: now + lockTtlMs,
      }
      for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
        // One statement: insert, or take over a row that expired. A live row is left as it is and the
        // statement returns nothing; concurrent callers serialise on the row, so one claim wins.
        const won = await db
          .insertInto('idempotency_keys')
          .values({ scope, key, ...fresh })
          .onConflict((oc) =>
            oc.columns(['scope', 'key']).doUpdateSet(fresh).where('idempotency_keys.expires_at', '<=', now),
          )
          .returning('claim_id')
          .executeTakeFirst()
        if (won?.claim_id === claimId) return { state: 'claimed' }

        const row = await db
          .selectFrom('idempotency_keys')
          .selectAll()
          .where('scope', '=', scope)
          .where('key', '=', key)
          .executeTakeFirst()
        if (!row || Number(row.expires_at) <= now) continue
        if (row.request_hash !== requestHash) return { state: 'mismatch' }
        if (row.state === 'completed') {
          return {
            state: 'replay',
            response: {
              status: Number(row.response_status),
              headers: JSON.parse(row.response_headers ?? '{}') as Record<string, string>,
              body: row.response_body ?? '',
            },
            completedAt: Number(row.completed_at),
          }
        }
        return { state: 'in_progress', lockedUntil: Number(row.expires_at) }
      }
      // Claimed and freed over and over by others meanwhile: report it busy; the caller retries.
      return { state: 'in_progress', lockedUntil: now } satisfies IdempotencyClaim
    },

    async extend({ scope, key, claimId, now, lockTtlMs }) {
      const r = await db
        .updateTable('idempotency_keys')
        .set({ expires_at: now + lockTtlMs })
        .where((eb) => eb.and(heldBy({ scope, key, claimId })))
        .executeTakeFirst()
      return r.numUpdatedRows === 1n
    },

    async complete({ scope, key, claimId, response, now, expiresAt }) {
      const r = await db
        .updateTable('idempotency_keys')
        .set({
          state: 'completed',
          response_status: response.status,
          response_headers: JSON.stringify(response.headers),
          response_body: response.body,
          completed_at: now,
          expires_at: expiresAt,
        })
        .where((eb) => eb.and(heldBy({ scope, key, claimId })))
        .executeTakeFirst()
      return r.numUpdatedRows === 1n
    },

    async release({ scope, key, claimId }) {
      await db
        .deleteFrom('idempotency_keys')
        .where((eb) => eb.and(heldBy({ scope, key, claimId })))
        .execute()
    },

    async purgeExpired({ now }) {
      const r = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst()
      return Number(r.numDeletedRows)
    },
  }
}
