import type { Kysely, Selectable } from 'kysely'
import type { PaymentStore, RefundClawbackRecord, RefundClawbackStatus } from '../ports/payment-store'
import type { Database } from './database'
import { insertedOrExisting } from './inserted-or-existing'
import { numberOrNull } from './number-or-null'
import type { RefundClawbacksTable } from './payment-tables'

/**
 * The refund ledger's half of the PaymentStore: every method on \`refund_clawbacks\`, whose rows are
 * both the record of a refund and its durable clawback job (docs/payments.md).
 */
type RefundClawbackMethods = Pick<
  PaymentStore,
  | 'insertRefundIfAbsent'
  | 'getRefund'
  | 'listRefundsByIntent'
  | 'listAwaitingRefunds'
  | 'deferAwaitingRefund'
  | 'attachRefund'
  | 'listDueClawbacks'
  | 'countRefunds'
  | 'listRefunds'
  | 'recordClawbackTransaction'
  | 'replaceClawbackTransaction'
  | 'confirmClawback'
  | 'scheduleClawbackRetry'
>

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
    chainId: numberOrNull(row.chain_id),
    signer: row.signer,
    nonce: numberOrNull(row.nonce),
    txHash: row.tx_hash,
    rawTx: row.raw_tx,
    replacedTxHashes: JSON.parse(row.replaced_tx_hashes) as string[],
    signedAt: numberOrNull(row.signed_at),
    blockNumber: numberOrNull(row.block_number),
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
    lastError: row.last_error,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    confirmedAt: numberOrNull(row.confirmed_at),
  }
}

export function createRefundClawbackMethods(db: Kysely<Database>): RefundClawbackMethods {
  const getRefund = async (refundId: string) => {
    const row = await db.selectFrom('refund_clawbacks').selectAll().where('refund_id', '=', refundId).executeTakeFirst()
    return row && toRefund(row)
  }

  return {
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
      const what = `refund ${r.refundId}`
      const { record, created } = await insertedOrExisting(inserted, toRefund, () => getRefund(r.refundId), what)
      return { refund: record, created }
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
