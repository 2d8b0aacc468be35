import { z } from 'zod'
import { requireChain } from '../chain/require-chain'
import type { EngineContext } from '../context'
import { isLoyaltyError } from '../errors/loyalty-error'
import { parseInput } from '../errors/zod-issues'
import { settlePendingRedemption } from './settle-pending-redemption'
import { withMemberLease } from './with-member-lease'

export const recoverPendingRedemptionsParametersSchema = z.object({
  /** Most pending redemptions looked at in one run (oldest first); default 100. */
  limit: z.number().int().min(1).max(1000).default(100),
})

export type RecoverPendingRedemptionsParameters = z.input<typeof recoverPendingRedemptionsParametersSchema>

export type RecoverPendingRedemptionsReturnType = {
  confirmed: number
  failed: number
  /** Still pending: their claim not mined yet, or their member's lease held (a redemption under way). */
  pending: number
}

/**
 * The recovery of redemptions for members (docs/perks.md "Redemption states"), run by the server at
 * start and every minute: each pending redemption whose member's lease is free (none under way in
 * any process; a crashed holder's lease lapses after two minutes) is settled from the chain under
 * that lease (`settlePendingRedemption`): its mined claim confirmed with its row and code, its stored
 * claim re-broadcast when not mined, failed when never signed or when it can never be mined. It never
 * signs a claim. Safe in several processes at once.
 */
export async function recoverPendingRedemptions(
  ctx: EngineContext,
  params: RecoverPendingRedemptionsParameters = {},
): Promise<RecoverPendingRedemptionsReturnType> {
  const p = parseInput(recoverPendingRedemptionsParametersSchema, params, 'Invalid recovery')
  const chain = requireChain(ctx)
  const result: RecoverPendingRedemptionsReturnType = { confirmed: 0, failed: 0, pending: 0 }
  const open = await ctx.storage.pendingRedemptions.listPending({ createdBefore: ctx.clock.now() + 1, limit: p.limit })
  for (const listed of open) {
    const settlement = await withMemberLease(
      ctx,
      listed.walletAddress,
      async () => {
        const pending = await ctx.storage.pendingRedemptions.get(listed.id)
        if (!pending) return { state: 'pending' as const }
        return settlePendingRedemption(ctx, chain, pending, { unsignedFails: true, waitMs: 0 })
      },
      { waitMs: 0 },
    ).catch((error: unknown) => {
      if (isLoyaltyError(error) && error.code === 'REDEMPTION_BUSY') return { state: 'pending' as const }
      throw error
    })
    result[settlement.state]++
  }
  if (open.length > 0) ctx.logger.info({ ...result }, 'pending redemptions recovered')
  return result
}
