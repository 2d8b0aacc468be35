import type { Kysely, Selectable } from 'kysely'
import type {
  CheckoutSessionRecord,
  CheckoutSessionStatus,
  PaymentEventRecord,
  PaymentRecord,
  PaymentStore,
  RefundClawbackRecord,
  RefundClawbackStatus,
} from '../ports/payment-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'
import type { CheckoutSessionsTable, PaymentEventsTable, PaymentsTable, RefundClawbacksTable } from './payment-tables'

const num = (v: number | string | bigint | null): number | null => (v === null ? null : Number(v))

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
    paidAt: num(row.paid_at),
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
    amountTotalCents: num(row.amount_total_cents),
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

function toRefund(row: Selectable<RefundClawbacksTable>): RefundClawbackRecord {
  return {
    refundId: row.refund_id,
    provider: row.provider,
    paymentIntentId: row.payment_intent_id,
    chargeId: row.charge_id,
    refundCents: Number(row.refund_cents),
    chargeAmountCents: Number(row.charge_amount_cents),
    currency: row.currency,
    refundCreatedAt: Number(row.refund_created_at),
    sessionId: row.session_id,
    brandId: row.brand_id,
    walletAddress: row.wallet_address,
    mintJobId: row.mint_job_id,
    tokenAmount: row.token_amount,
    status: row.status as RefundClawbackStatus,
    clawedWei: row.clawed_wei,
    shortfallWei: row.shortfall_wei,
    chainId: num(row.chain_id),
    signer: row.signer,
    nonce: num(row.nonce),
    txHash: row.tx_hash,
    rawTx: row.raw_tx,
    replacedTxHashes: JSON.parse(row.replaced_tx_hashes) as string[],
    signedAt: num(row.signed_at),
    blockNumber: num(row.block_number),
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
    lastError: row.last_error,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    confirmedAt: num(row.confirmed_at),
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
  const getRefund = async (refundId: string) => {
    const row = await db.selectFrom('refund_clawbacks').selectAll().where('refund_id', '=', refundId).executeTakeFirst()
    return row && toRefund(row)
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
      if (inserted) return { payment: toPayment(inserted), created: true }
      const stored = await getPayment(p.sessionId)
      if (!stored) throw new Error(`payment of ${p.sessionId} vanished between insert and select`)
      return { payment: stored, created: false }
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

    async insertRefundIfAbsent(r) {
      const inserted = await db
        .insertInto('refund_clawbacks')
        .values({
          refund_id: r.refundId,
          provider: r.provider,
          payment_intent_id: r.paymentIntentId,
          charge_id: r.chargeId,
          refund_cents: r.refundCents,
          charge_amount_cents: r.chargeAmountCents,
          currency: r.currency,
          refund_created_at: r.refundCreatedAt,
          session_id: r.sessionId,
          brand_id: r.brandId,
          wallet_address: r.walletAddress?.toLowerCase() ?? null,
          mint_job_id: r.mintJobId,
          token_amount: r.tokenAmount,
          status: r.status,
          clawed_wei: r.clawedWei,
          shortfall_wei: r.shortfallWei,
          chain_id: r.chainId,
          signer: r.signer,
          nonce: r.nonce,
          tx_hash: r.txHash,
          raw_tx: r.rawTx,
          replaced_tx_hashes: JSON.stringify(r.replacedTxHashes),
          signed_at: r.signedAt,
          block_number: r.blockNumber,
          attempts: r.attempts,
          next_attempt_at: r.nextAttemptAt,
          last_error: r.lastError,
          created_at: r.createdAt,
          updated_at: r.updatedAt,
          confirmed_at: r.confirmedAt,
        })
        .onConflict((oc) => oc.column('refund_id').doNothing())
        .returningAll()
        .executeTakeFirst()
      if (inserted) return { refund: toRefund(inserted), created: true }
      const stored = await getRefund(r.refundId)
      if (!stored) throw new Error(`refund ${r.refundId} vanished between insert and select`)
      return { refund: stored, created: false }
    },

    getRefund,

    async listRefundsByIntent(paymentIntentId) {
      const rows = await db
        .selectFrom('refund_clawbacks')
        .selectAll()
        .where('payment_intent_id', '=', paymentIntentId)
        .orderBy('refund_created_at')
        .orderBy('refund_id')
        .execute()
      return rows.map(toRefund)
    },

    async listAwaitingRefunds({ now, limit }) {
      const rows = await db
        .selectFrom('refund_clawbacks')
        .selectAll()
        .where('status', '=', 'awaiting_payment')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('refund_id')
        .limit(limit)
        .execute()
      return rows.map(toRefund)
    },

    async deferAwaitingRefund({ refundId, nextAttemptAt, now }) {
      await db
        .updateTable('refund_clawbacks')
        .set({ next_attempt_at: nextAttemptAt, updated_at: now })
        .where('refund_id', '=', refundId)
        .where('status', '=', 'awaiting_payment')
        .execute()
    },

    async attachRefund(p) {
      const updated = await db
        .updateTable('refund_clawbacks')
        .set({
          session_id: p.sessionId,
          brand_id: p.brandId,
          wallet_address: p.walletAddress.toLowerCase(),
          mint_job_id: p.mintJobId,
          token_amount: p.tokenAmount,
          status: 'pending',
          next_attempt_at: p.now,
          updated_at: p.now,
        })
        .where('refund_id', '=', p.refundId)
        .where('status', '=', 'awaiting_payment')
        .executeTakeFirst()
      return Number(updated.numUpdatedRows) > 0
    },

    async listDueClawbacks({ now, limit }) {
      const rows = await db
        .selectFrom('refund_clawbacks as r')
        .innerJoin('mint_jobs as j', 'j.id', 'r.mint_job_id')
        .selectAll('r')
        .where('r.status', 'in', ['pending', 'signed'])
        .where('r.next_attempt_at', '<=', now)
        .where('j.status', '=', 'confirmed')
        .orderBy('r.created_at')
        .orderBy('r.refund_id')
        .limit(limit)
        .execute()
      return rows.map(toRefund)
    },

    async countRefunds() {
      const rows = await db
        .selectFrom('refund_clawbacks')
        .select(['status', db.fn.countAll<number>().as('n')])
        .groupBy('status')
        .execute()
      const counts: Record<RefundClawbackStatus, number> = { awaiting_payment: 0, pending: 0, signed: 0, confirmed: 0 }
      for (const row of rows) counts[row.status as RefundClawbackStatus] = Number(row.n)
      return counts
    },

    async listRefunds({ brandId, status, limit }) {
      const rows = await db
        .selectFrom('refund_clawbacks')
        .selectAll()
        .$if(brandId !== undefined, (q) => q.where('brand_id', '=', brandId as string))
        .$if(status !== undefined, (q) => q.where('status', '=', status as string))
        .orderBy('created_at', 'desc')
        .orderBy('refund_id', 'desc')
        .limit(limit)
        .execute()
      return rows.map(toRefund)
    },

    async recordClawbackTransaction(p) {
      await db
        .updateTable('refund_clawbacks')
        .set((eb) => ({
          status: 'signed',
          chain_id: p.chainId,
          signer: p.signer.toLowerCase(),
          nonce: p.nonce,
          tx_hash: p.txHash,
          raw_tx: p.rawTx,
          replaced_tx_hashes: '[]',
          signed_at: p.now,
          clawed_wei: p.clawedWei,
          shortfall_wei: p.shortfallWei,
          attempts: eb('attempts', '+', 1),
          next_attempt_at: p.now,
          last_error: null,
          updated_at: p.now,
        }))
        .where('refund_id', '=', p.refundId)
        .where('status', '=', 'pending')
        .execute()
    },

    async replaceClawbackTransaction(p) {
      const current = await getRefund(p.refundId)
      if (current?.status !== 'signed' || current.txHash !== p.previousTxHash) return false
      const result = await db
        .updateTable('refund_clawbacks')
        .set({
          tx_hash: p.txHash,
          raw_tx: p.rawTx,
          replaced_tx_hashes: JSON.stringify([...current.replacedTxHashes, p.previousTxHash]),
          signed_at: p.now,
          updated_at: p.now,
        })
        .where('refund_id', '=', p.refundId)
        .where('status', '=', 'signed')
        .where('tx_hash', '=', p.previousTxHash)
        .executeTakeFirst()
      return result.numUpdatedRows === 1n
    },

    async confirmClawback(p) {
      await db
        .updateTable('refund_clawbacks')
        .set({
          status: 'confirmed',
          tx_hash: p.txHash,
          block_number: p.blockNumber,
          clawed_wei: p.clawedWei,
          shortfall_wei: p.shortfallWei,
          raw_tx: null,
          last_error: null,
          confirmed_at: p.now,
          updated_at: p.now,
        })
        .where('refund_id', '=', p.refundId)
        .where('status', 'in', ['pending', 'signed'])
        .execute()
    },

    async scheduleClawbackRetry(p) {
      await db
        .updateTable('refund_clawbacks')
        .set({
          next_attempt_at: p.nextAttemptAt,
          last_error: p.error.slice(0, 1000),
          updated_at: p.now,
          ...(p.resign ? { status: 'pending', raw_tx: null, replaced_tx_hashes: '[]', signed_at: null } : {}),
        })
        .where('refund_id', '=', p.refundId)
        .where('status', 'in', ['pending', 'signed'])
        .execute()
    },
  }
}
