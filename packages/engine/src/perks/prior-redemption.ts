import type { Address } from 'viem'
import type { EngineContext } from '../context'
import { ConflictError, UnavailableError } from '../errors/common-errors'
import type { ChainPort } from '../ports/chain'
import { loadSettledRedemption, type SettledRedemption } from './confirm-pending-redemption'
import { settlePendingRedemption } from './settle-pending-redemption'

/** How long a retry waits for the claim of the redemption its key started (within the member's lease). */
const RETRY_WAIT_MS = 30_000

/**
 * The redemption an idempotency key already made, under the member's lease: a confirmed one (its row
 * and code), or a pending one settled from the chain first (`settlePendingRedemption`: its mined claim
 * confirmed, its stored claim re-broadcast and awaited; never a second claim). Undefined when the key
 * holds none (or only a failed one: the key is free again). 409 IDEMPOTENCY_KEY_REUSED when the key
 * was used for another perk or member; 503 REDEMPTION_PENDING when its claim is still not mined.
 */
export async function priorRedemption(
  ctx: EngineContext,
  chain: ChainPort,
  p: { scope: string; key: string; perkId: string; owner: Address },
): Promise<SettledRedemption | undefined> {
  const reused = (redemptionId: string | null) =>
    new ConflictError('This idempotency key was used for another redemption', 'IDEMPOTENCY_KEY_REUSED', {
      ...(redemptionId ? { redemptionId } : {}),
    })
  const row = await ctx.storage.perkRedemptions.findByIdempotencyKey({ scope: p.scope, key: p.key })
  if (row) {
    if (row.perkId !== p.perkId || row.walletAddress !== p.owner) throw reused(row.id)
    const code = await ctx.storage.redemptionCodes.findByClaim(row)
    return { row, code: code?.code ?? '' }
  }
  const pending = await ctx.storage.pendingRedemptions.findByIdempotencyKey({ scope: p.scope, key: p.key })
  if (!pending) return undefined
  if (pending.perkId !== p.perkId || pending.walletAddress !== p.owner) throw reused(pending.redemptionId)
  if (pending.state === 'confirmed' && pending.redemptionId) return loadSettledRedemption(ctx, pending.redemptionId)
  const settlement = await settlePendingRedemption(ctx, chain, pending, { unsignedFails: true, waitMs: RETRY_WAIT_MS })
  if (settlement.state === 'confirmed') return settlement.settled
  if (settlement.state === 'failed') return undefined
  throw new UnavailableError('This redemption’s claim is not mined yet; try again', 'REDEMPTION_PENDING', {
    transactionHash: pending.transactionHash,
  })
}
