import { formatUnits } from 'viem'
import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { RefundClawbackRecord, RefundClawbackStatus } from '../ports/payment-store'

export const listRefundClawbacksParametersSchema = z.object({
  brandId: z.string().optional(),
  status: z.enum(['awaiting_payment', 'pending', 'signed', 'confirmed'] satisfies RefundClawbackStatus[]).optional(),
  /** Only confirmed refunds that could not claw back everything. */
  shortfallOnly: z.boolean().optional(),
  /** At most this many rows (1 to 1000, clamped), newest first; default 100. */
  limit: z.number().optional(),
})

export type ListRefundClawbacksParameters = z.input<typeof listRefundClawbacksParametersSchema>

export type RefundClawbackReport = {
  refundId: string
  sessionId: string | null
  paymentIntentId: string
  brandId: string | null
  walletAddress: string | null
  refundCents: number
  currency: string
  status: RefundClawbackStatus
  /** Tokens this refund claws back (its share of the purchase). */
  tokenAmount: string | null
  /** Tokens burned from the wallet (decimal, up to 18 places). */
  clawedBack: string | null
  /** Tokens that could not be clawed back because the user had spent them. */
  shortfall: string | null
  txHash: string | null
  lastError: string | null
  createdAt: number
  confirmedAt: number | null
}

/**
 * The refund ledger, newest first: every refund, the tokens it claws back, what was burned and the
 * shortfall where the user had already spent them (`shortfallOnly` lists just those).
 */
export async function listRefundClawbacks(
  ctx: EngineContext,
  params: ListRefundClawbacksParameters = {},
): Promise<RefundClawbackReport[]> {
  const p = parseInput(listRefundClawbacksParametersSchema, params, 'Invalid refund query')
  const rows = await ctx.storage.payments.listRefunds({
    brandId: p.brandId,
    status: p.shortfallOnly ? 'confirmed' : p.status,
    limit: Math.min(Math.max(1, p.limit ?? 100), 1000),
  })
  return rows.filter((r) => !p.shortfallOnly || BigInt(r.shortfallWei ?? '0') > 0n).map(toReport)
}

function toReport(r: RefundClawbackRecord): RefundClawbackReport {
  const tokens = (wei: string | null) => (wei === null ? null : formatUnits(BigInt(wei), 18))
  return {
    refundId: r.refundId,
    sessionId: r.sessionId,
    paymentIntentId: r.paymentIntentId,
    brandId: r.brandId,
    walletAddress: r.walletAddress,
    refundCents: r.refundCents,
    currency: r.currency,
    status: r.status,
    tokenAmount: r.tokenAmount,
    clawedBack: r.status === 'confirmed' ? tokens(r.clawedWei) : null,
    shortfall: r.status === 'confirmed' ? tokens(r.shortfallWei) : null,
    txHash: r.status === 'confirmed' ? r.txHash : null,
    lastError: r.lastError,
    createdAt: r.createdAt,
    confirmedAt: r.confirmedAt,
  }
}
