import type { Kysely, Selectable } from 'kysely'
import type {
  ClaimedWebhookDelivery,
  WebhookDeliveryRecord,
  WebhookDeliveryStatus,
  WebhookStore,
} from '../ports/webhook-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'
import { numberOrNull } from './number-or-null'
import { createWebhookEndpointMethods } from './webhook-endpoint-methods'
import type { WebhookDeliveriesTable } from './webhook-tables'

function toDelivery(row: Selectable<WebhookDeliveriesTable>): WebhookDeliveryRecord {
  return {
    id: row.id,
    brandId: row.brand_id,
    endpointId: row.endpoint_id,
    eventType: row.event_type,
    eventId: row.event_id,
    mintJobId: row.mint_job_id === '' ? null : row.mint_job_id,
    payload: row.payload,
    test: Number(row.test) === 1,
    status: row.status as WebhookDeliveryStatus,
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
    claimToken: row.claim_token,
    lastAttemptAt: numberOrNull(row.last_attempt_at),
    lastStatusCode: numberOrNull(row.last_status_code),
    lastError: row.last_error,
    deliveredAt: numberOrNull(row.delivered_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  }
}

export function createWebhookStore(db: Kysely<Database>, dialect: SqlDialect): WebhookStore {
  const getDelivery = async (id: string) => {
    const row = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst()
    return row && toDelivery(row)
  }

  return {
    ...createWebhookEndpointMethods(db),
    getDelivery,

    async insertDelivery(d) {
      // PostgreSQL: the insert waits for a concurrent uncommitted insert of the same event, and the
      // select that follows (READ COMMITTED: a new snapshot) sees the row that won.
      const inserted = await db
        .insertInto('webhook_deliveries')
        .values({
          id: d.id,
          brand_id: d.brandId,
          endpoint_id: d.endpointId,
          event_type: d.eventType,
          event_id: d.eventId,
          mint_job_id: d.mintJobId ?? '',
          payload: d.payload,
          test: d.test ? 1 : 0,
          status: d.status,
          attempts: d.attempts,
          next_attempt_at: d.nextAttemptAt,
          claim_token: d.claimToken,
          last_attempt_at: d.lastAttemptAt,
          last_status_code: d.lastStatusCode,
          last_error: d.lastError,
          delivered_at: d.deliveredAt,
          created_at: d.createdAt,
          updated_at: d.updatedAt,
        })
        .onConflict((oc) => oc.columns(['endpoint_id', 'event_type', 'event_id']).doNothing())
        .returningAll()
        .executeTakeFirst()
      if (inserted) return { delivery: toDelivery(inserted), created: true }
      const stored = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', d.endpointId)
        .where('event_type', '=', d.eventType)
        .where('event_id', '=', d.eventId)
        .executeTakeFirst()
      if (!stored) {
        throw new Error(
          `webhook delivery of ${d.eventType} ${d.eventId} to ${d.endpointId} vanished between insert and select`,
        )
      }
      return { delivery: toDelivery(stored), created: false }
    },

    async claimDue({ now, leaseUntil, limit, claimToken }) {
      if (limit <= 0) return []
      const picked = db
        .selectFrom('webhook_deliveries as d')
        .leftJoin('mint_jobs as j', 'j.id', 'd.mint_job_id')
        .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
        .select('d.id')
        .where('d.status', '=', 'pending')
        .where('d.next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('j.status', '=', 'confirmed'), eb('d.test', '=', 1)]))
        .where('e.enabled', '=', 1)
        .orderBy('d.next_attempt_at')
        .orderBy('d.id')
        .limit(limit)
        .$if(dialect === 'postgres', (q) => q.forUpdate(['d']).skipLocked())
      const claimed = await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          claim_token: claimToken,
          attempts: eb('attempts', '+', 1),
          last_attempt_at: now,
          next_attempt_at: leaseUntil,
          updated_at: now,
        }))
        .where('id', 'in', picked)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .returning('id')
        .execute()
      if (claimed.length === 0) return []
      const rows = await db
        .selectFrom('webhook_deliveries as d')
        .leftJoin('mint_jobs as j', 'j.id', 'd.mint_job_id')
        .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
        .selectAll('d')
        .select([
          'e.url as url',
          'e.secret_ciphertext as secret_ciphertext',
          'e.previous_secret_ciphertext as previous_secret_ciphertext',
          'e.previous_secret_expires_at as previous_secret_expires_at',
          'j.tx_hash as tx_hash',
          'j.confirmed_at as confirmed_at',
        ])
        .where(
          'd.id',
          'in',
          claimed.map((c) => c.id),
        )
        .where('d.claim_token', '=', claimToken)
        .orderBy('d.created_at')
        .orderBy('d.id')
        .execute()
      return rows.map(
        ({
          url,
          secret_ciphertext,
          previous_secret_ciphertext,
          previous_secret_expires_at,
          tx_hash,
          confirmed_at,
          ...row
        }): ClaimedWebhookDelivery => ({
          ...toDelivery(row),
          url,
          secrets: {
            secret: secret_ciphertext,
            previousSecret: previous_secret_ciphertext,
            previousSecretExpiresAt: numberOrNull(previous_secret_expires_at),
          },
          txHash: tx_hash ?? '',
          confirmedAt: Number(confirmed_at ?? now),
        }),
      )
    },

    async completeAttempt({ id, claimToken, now, outcome }) {
      const set = outcome.delivered
        ? {
            status: 'delivered',
            last_status_code: outcome.statusCode,
            last_error: null,
            delivered_at: now,
          }
        : {
            status: outcome.nextAttemptAt === null ? 'failed' : 'pending',
            next_attempt_at: outcome.nextAttemptAt ?? now,
            last_status_code: outcome.statusCode,
            last_error: outcome.error.slice(0, 1000),
          }
      const updated = await db
        .updateTable('webhook_deliveries')
        .set({ ...set, claim_token: null, updated_at: now })
        .where('id', '=', id)
        .where('claim_token', '=', claimToken)
        .where('status', '=', 'pending')
        .executeTakeFirst()
      return Number(updated.numUpdatedRows) > 0
    },

    async reschedule({ id, now }) {
      const updated = await db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', attempts: 0, next_attempt_at: now, claim_token: null, updated_at: now })
        .where('id', '=', id)
        .executeTakeFirst()
      return Number(updated.numUpdatedRows) > 0
    },

    async listDeliveries({ brandId, endpointId, status, before, limit }) {
      let q = db.selectFrom('webhook_deliveries').selectAll().where('brand_id', '=', brandId)
      if (endpointId !== undefined) q = q.where('endpoint_id', '=', endpointId)
      if (status !== undefined) q = q.where('status', '=', status)
      if (before !== undefined) {
        q = q.where((eb) =>
          eb.or([
            eb('created_at', '<', before.createdAt),
            eb.and([eb('created_at', '=', before.createdAt), eb('id', '<', before.id)]),
          ]),
        )
      }
      const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute()
      return rows.map(toDelivery)
    },
  }
}
