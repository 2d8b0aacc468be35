import type { z } from 'zod'
import type { EngineContext } from '../context'
import { NotFoundError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import { memberRedemptionOf } from '../perks/member-redemption'
import { redeemForMember } from '../perks/redeem-for-member'
import { stripControlCharacters } from '../text/strip-control-characters'
import { authorizeSiteKey, type SiteCallerOptions } from './authorize-site-key'
import { lockSiteMember } from './lock-site-member'
import {
  type RedeemSitePerkParameters,
  redeemSitePerkParametersSchema,
  type redeemSitePerkResponseSchema,
} from './redeem-site-perk-schema'

export type RedeemSitePerkOptions = SiteCallerOptions & {
  /** The request's `Idempotency-Key`: the same key again answers the first redemption (`replayed`). */
  idempotencyKey?: string
}

export type RedeemSitePerkReturnType = z.output<typeof redeemSitePerkResponseSchema>

/**
 * A site user redeems one of the key's brand's perks (docs/site-plugin.md#post-loyalty-apisiteredeem)
 * with the custodial wallet of their email (created on first use, so a new user is refused for
 * balance, not for a missing wallet): `redeemForMember` with source `site`. A perk that is not the
 * brand's → 404 PERK_NOT_FOUND (`details.reason` `not_found`); the chain's refusals are
 * PerkRedemptionRefusedError (409, `details.reason`: inactive, sold_out, per_user_limit,
 * insufficient_balance, constraint); nothing is spent then. One member's redemptions run one at a
 * time (the member's lease), so of concurrent ones at a per-user limit of 1 exactly one claims.
 */
export async function redeemSitePerk(
  ctx: EngineContext,
  params: RedeemSitePerkParameters,
  options: RedeemSitePerkOptions = {},
): Promise<RedeemSitePerkReturnType> {
  const brandId = await authorizeSiteKey(ctx, options, params)
  const { user, perkId } = parseInput(
    redeemSitePerkParametersSchema,
    stripControlCharacters(params),
    'Invalid redemption',
  )
  const perk = await ctx.storage.perks.get(perkId)
  if (!perk || perk.brandId !== brandId) {
    throw new NotFoundError('No perk with this id at this brand', 'PERK_NOT_FOUND', { perkId, reason: 'not_found' })
  }
  // The member's profile as sent now (wallet, display name for the leaderboard), like a check-in.
  const member = await ctx.storage.transaction(async (tx) => {
    const locked = await lockSiteMember(ctx, tx, brandId, user)
    await tx.site.saveMember(locked)
    return locked
  })
  const r = await redeemForMember(ctx, {
    perkId: perk.id,
    brandId,
    walletAddress: member.walletAddress,
    source: 'site',
    ...(options.idempotencyKey === undefined ? {} : { idempotencyKey: options.idempotencyKey }),
  })
  return { success: true, ...memberRedemptionOf(r) }
}
