import type { z } from 'zod'
import type { EngineContext } from '../context'
import type { SiteMember } from '../ports/site-store'
import type { Stores } from '../ports/storage'
import { getOrCreateWallet } from '../wallets/get-or-create-wallet'
import type { siteUserSchema } from './site-user-schema'

/**
 * In the caller's transaction: the site user's wallet (the custodial wallet of its email, created on
 * first use) and its member row, locked until the transaction ends, with the profile as sent now
 * (email, wallet, display name when sent). Read the clock after this: a caller that waited for the
 * lock must judge with a time later than the one it waited for. A step, not an operation.
 */
export async function lockSiteMember(
  ctx: EngineContext,
  tx: Stores,
  brandId: string,
  user: z.output<typeof siteUserSchema>,
): Promise<SiteMember> {
  const wallet = await getOrCreateWallet(ctx, { kind: 'email', email: user.email }, { stores: tx })
  const profile = { email: user.email, displayName: user.displayName ?? null, walletAddress: wallet.address }
  const locked = await tx.site.lockMember({ brandId, siteUserId: user.id, ...profile, now: ctx.clock.now() })
  return {
    ...locked,
    ...profile,
    displayName: user.displayName ?? locked.displayName,
    updatedAt: ctx.clock.now(),
  }
}
