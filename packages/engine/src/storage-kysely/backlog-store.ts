import type { Kysely } from 'kysely'
import type { BacklogStore } from '../ports/backlog-store'
import type { Database } from './database'

export function createBacklogStore(db: Kysely<Database>): BacklogStore {
  return {
    async read() {
      const [mintRows, webhookRow, refundRows] = await Promise.all([
        db
          .selectFrom('mint_jobs')
          .select((eb) => ['status', eb.fn.countAll<number | string>().as('n'), eb.fn.min('created_at').as('oldest')])
          .where('status', 'in', ['pending', 'batched'])
          .groupBy('status')
          .execute(),
        db
          .selectFrom('webhook_deliveries')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('status', '=', 'pending')
          .executeTakeFirst(),
        db
          .selectFrom('refund_clawbacks')
          .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
          .where('status', 'in', ['awaiting_payment', 'pending', 'signed'])
          .groupBy('status')
          .execute(),
      ])
      const mint = (status: string) => mintRows.find((r) => r.status === status)
      const refunds = (status: string) => Number(refundRows.find((r) => r.status === status)?.n ?? 0)
      const oldest = mint('pending')?.oldest
      return {
        mintJobs: {
          pending: Number(mint('pending')?.n ?? 0),
          batched: Number(mint('batched')?.n ?? 0),
          oldestPendingAt: oldest === null || oldest === undefined ? null : Number(oldest),
        },
        webhookDeliveries: { pending: Number(webhookRow?.n ?? 0) },
        clawbacks: {
          awaitingPayment: refunds('awaiting_payment'),
          pending: refunds('pending'),
          signed: refunds('signed'),
        },
      }
    },
  }
}
