import { formatUnits } from 'viem'
import type { EngineContext } from '../context'
import type { RefundClawbackRecord, RefundClawbackStatus } from '../ports/payment-store'

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
  params: {
    brandId?: string
    status?: RefundClawbackStatus
    shortfallOnly?: boolean
    limit?: number
  } = {},
): Promise<RefundClawbackReport[]> {
  const rows = await ctx.storage.payments.listRefunds({
    brandId: params.brandId,
    status: params.shortfallOnly ? 'confirmed' : params.status,
    limit: Math.min(Math.max(1, params.limit ?? 100), 1000),
  })
  return rows.filter((r) => !params.shortfallOnly || BigInt(r.shortfallWei ?? '0') > 0n).map(toReport)
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
