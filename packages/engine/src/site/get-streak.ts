import type { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { authorizeSiteKey, type SiteCallerOptions } from './authorize-site-key'
import { type GetStreakParameters, getStreakParametersSchema, type getStreakResponseSchema } from './get-streak-schema'
import { localDay } from './local-day'
import { readSiteConfig } from './read-site-config'
import { EMPTY_STREAK } from './streak-state'
import { streakView } from './streak-view'

export type GetStreakOptions = SiteCallerOptions

export type GetStreakReturnType = z.output<typeof getStreakResponseSchema>

/** A site user's Streak record at the key's brand, as of now (a user never seen reads 0 days). */
export async function getStreak(
  ctx: EngineContext,
  params: GetStreakParameters,
  options: GetStreakOptions = {},
): Promise<GetStreakReturnType> {
  const brandId = await authorizeSiteKey(ctx, options, params)
  const { userId } = parseInput(getStreakParametersSchema, params, 'Invalid streak request')
  const config = await readSiteConfig(ctx.storage, brandId)
  const member = await ctx.storage.site.getMember({ brandId, siteUserId: userId })
  const streak = member?.streak ?? EMPTY_STREAK
  const claimed = member
    ? await ctx.storage.site.listMilestoneClaims({ brandId, siteUserId: userId, run: streak.run })
    : []
  const now = ctx.clock.now()
  return { success: true, streak: streakView(config, streak, claimed, now, localDay(now, config.timezone)) }
}
