import type { Kysely, Selectable } from 'kysely'
import type {
  CheckoutSessionRecord,
  CheckoutSessionStatus,
  PaymentEventRecord,
  PaymentRecord,
  PaymentStore,
} from '../ports/payment-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'
import { insertedOrExisting } from './inserted-or-existing'
import { numberOrNull } from './number-or-null'
import type { CheckoutSessionsTable, PaymentEventsTable, PaymentsTable } from './payment-tables'
import { createRefundClawbackMethods } from './refund-clawback-methods'

function toSession(row: Selectable<CheckoutSessionsTable>): CheckoutSessionRecord {
  return {
    id: row.id,
    provider: row.provider,
    brandId: row.brand_id,
    userEmail: row.user_email,
    walletAddress: row.wallet_address,
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    tokenAmount: row.token_amount,
    checkoutUrl: row.checkout_url,
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    status: row.status as CheckoutSessionStatus,
    paymentIntentId: row.payment_intent_id,
    idempotencyKey: row.idempotency_key,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    paidAt: numberOrNull(row.paid_at),
  }
}

function toPayment(row: Selectable<PaymentsTable>): PaymentRecord {
  return {
    sessionId: row.session_id,
    provider: row.provider,
    brandId: row.brand_id,
    userEmail: row.user_email,
    walletAddress: row.wallet_address,
    usdAmount: row.usd_amount,
    tokenAmount: row.token_amount,
    amountTotalCents: numberOrNull(row.amount_total_cents),
    currency: row.currency,
    paymentIntentId: row.payment_intent_id,
    mintJobId: row.mint_job_id,
    createdAt: Number(row.created_at),
  }
}

function toEvent(row: Selectable<PaymentEventsTable>): PaymentEventRecord {
  return {
    id: row.id,
    provider: row.provider,
    type: row.type,
    objectId: row.object_id,
    outcome: row.outcome,
    data: JSON.parse(row.data) as Record<string, unknown>,
    processedAt: Number(row.processed_at),
  }
}

export function createPaymentStore(db: Kysely<Database>, _dialect: SqlDialect): PaymentStore {
  const getCheckoutSession = async (id: string) => {
    const row = await db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst()
    return row && toSession(row)
  }
  const getPayment = async (sessionId: string) => {
    const row = await db.selectFrom('payments').selectAll().where('session_id', '=', sessionId).executeTakeFirst()
    return row && toPayment(row)
  }

  return {
    async insertCheckoutSession(s) {
      const values = {
        id: s.id,
        provider: s.provider,
        brand_id: s.brandId,
        user_email: s.userEmail,
        wallet_address: s.walletAddress.toLowerCase(),
        amount_cents: s.amountCents,
        currency: s.currency,
        token_amount: s.tokenAmount,
        checkout_url: s.checkoutUrl,
        success_url: s.successUrl,
        cancel_url: s.cancelUrl,
        metadata: JSON.stringify(s.metadata),
        status: s.status,
        payment_intent_id: s.paymentIntentId,
        idempotency_key: s.idempotencyKey,
        created_at: s.createdAt,
        updated_at: s.updatedAt,
        paid_at: s.paidAt,
      }
      if (s.idempotencyKey === null) {
        await db.insertInto('checkout_sessions').values(values).execute()
        return { session: { ...s, walletAddress: values.wallet_address }, created: true }
      }
      // PostgreSQL: the insert waits for a concurrent uncommitted insert of the same key, and the
      // select that follows (READ COMMITTED: a new snapshot) sees the row that won.
      const inserted = await db
        .insertInto('checkout_sessions')
        .values(values)
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returningAll()
        .executeTakeFirst()
      if (inserted) return { session: toSession(inserted), created: true }
      const stored = await db
        .selectFrom('checkout_sessions')
        .selectAll()
        .where('idempotency_key', '=', s.idempotencyKey)
        .executeTakeFirst()
      if (!stored) throw new Error(`checkout session of key ${s.idempotencyKey} vanished between insert and select`)
      return { session: toSession(stored), created: false }
    },

    getCheckoutSession,

    async getCheckoutSessionByKey(idempotencyKey) {
      const row = await db
        .selectFrom('checkout_sessions')
        .selectAll()
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst()
      return row && toSession(row)
    },

    async markCheckoutSessionPaid({ id, paymentIntentId, now }) {
      await db
        .updateTable('checkout_sessions')
        .set({ status: 'paid', payment_intent_id: paymentIntentId, paid_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .execute()
      return getCheckoutSession(id)
    },

    async insertPaymentIfAbsent(p) {
      const inserted = await db
        .insertInto('payments')
        .values({
          session_id: p.sessionId,
          provider: p.provider,
          brand_id: p.brandId,
          user_email: p.userEmail,
          wallet_address: p.walletAddress.toLowerCase(),
          usd_amount: p.usdAmount,
          token_amount: p.tokenAmount,
          amount_total_cents: p.amountTotalCents,
          currency: p.currency,
          payment_intent_id: p.paymentIntentId,
          mint_job_id: p.mintJobId,
          created_at: p.createdAt,
        })
        .onConflict((oc) => oc.column('session_id').doNothing())
        .returningAll()
        .executeTakeFirst()
      const what = `payment of ${p.sessionId}`
      const { record, created } = await insertedOrExisting(inserted, toPayment, () => getPayment(p.sessionId), what)
      return { payment: record, created }
    },

    getPayment,

    async findPaymentByIntent(paymentIntentId) {
      const row = await db
        .selectFrom('payments')
        .selectAll()
        .where('payment_intent_id', '=', paymentIntentId)
        .orderBy('created_at')
        .executeTakeFirst()
      return row && toPayment(row)
    },

    async getEvent(id) {
      const row = await db.selectFrom('payment_events').selectAll().where('id', '=', id).executeTakeFirst()
      return row && toEvent(row)
    },

    async recordEvent(e) {
      const inserted = await db
        .insertInto('payment_events')
        .values({
          id: e.id,
          provider: e.provider,
          type: e.type,
          object_id: e.objectId,
          outcome: e.outcome.slice(0, 500),
          data: JSON.stringify(e.data),
          processed_at: e.processedAt,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst()
      return inserted !== undefined
    },

    ...createRefundClawbackMethods(db),
  }
}
