import type { EngineContext } from '../context'
import { UnavailableError } from '../errors/common-errors'

/** A redemption holds its member's lease at most this long (a crashed holder's lease frees itself then). */
const LEASE_TTL_MS = 120_000
/** How long a redemption waits for the member's previous one. */
const WAIT_MS = 60_000
const POLL_MS = 25

/**
 * Runs `fn` holding the lease `perk-redeem:<wallet>` (LeaseStore: atomic across processes), so one
 * member's redemptions run one at a time: each signs a permit under the wallet's current token
 * nonce and spends the allowance it set, which two at once would break. Waits (polling) for a
 * redemption under way, up to a minute or `waitMs` (then 503 REDEMPTION_BUSY); releases the lease after `fn`.
 */
export async function withMemberLease<T>(
  ctx: EngineContext,
  walletAddress: string,
  fn: () => Promise<T>,
  options: { waitMs?: number } = {},
): Promise<T> {
  const name = `perk-redeem:${walletAddress}`
  const holder = ctx.ids.uuid()
  const until = Date.now() + (options.waitMs ?? WAIT_MS)
  for (;;) {
    const lease = await ctx.storage.leases.acquire({ name, holder, ttlMs: LEASE_TTL_MS, now: ctx.clock.now() })
    if (lease.acquired) {
      try {
        return await fn()
      } finally {
        await ctx.storage.leases.release({ name, holder, fence: lease.fence })
      }
    }
    if (Date.now() > until) {
      throw new UnavailableError('Another redemption for this member is under way; try again', 'REDEMPTION_BUSY', {
        walletAddress,
      })
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}
