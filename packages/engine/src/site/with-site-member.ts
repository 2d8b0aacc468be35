import type { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { SiteMember } from '../ports/site-store'
import type { Stores } from '../ports/storage'
import { stripControlCharacters } from '../text/strip-control-characters'
import { authorizeSiteKey, type SiteCallerOptions } from './authorize-site-key'
import { localDay } from './local-day'
import { lockSiteMember } from './lock-site-member'
import { readSiteConfig } from './read-site-config'
import type { SiteConfig } from './site-config'
import type { siteUserSchema } from './site-user-schema'
import { type StreakView, streakView } from './streak-view'

/** What a member-changing step sees: the member's row locked, the time read after the lock. */
export type SiteMemberFrame = {
  brandId: string
  config: SiteConfig
  tx: Stores
  member: SiteMember
  now: number
  /** `now`'s calendar day in the brand's time zone. */
  today: number
}

/**
 * The frame of a site write that changes a member (check-in, milestone claim): the key's brand
 * (`authorizeSiteKey`), the input parsed (control characters stripped), the brand's site settings;
 * then, in one transaction, the member's row locked (`lockSiteMember`: the wallet of the email, made
 * on first use), the clock read after the lock, `step`, and the member `step` answers saved. Answers
 * `step`'s result and the saved member's Streak record (milestones claimed in its run) as of then. A
 * step that throws rolls everything back. A step, not an operation.
 */
export async function withSiteMember<S extends z.ZodType<{ user: z.output<typeof siteUserSchema> }>, T>(
  ctx: EngineContext,
  options: SiteCallerOptions,
  params: unknown,
  parse: { schema: S; message: string },
  step: (input: z.output<S>, frame: SiteMemberFrame) => Promise<{ member: SiteMember; result: T }>,
): Promise<{ result: T; streak: StreakView }> {
  const brandId = await authorizeSiteKey(ctx, options, params)
  const input = parseInput(parse.schema, stripControlCharacters(params), parse.message)
  const config = await readSiteConfig(ctx.storage, brandId)
  return ctx.storage.transaction(async (tx) => {
    const member = await lockSiteMember(ctx, tx, brandId, input.user)
    const now = ctx.clock.now()
    const today = localDay(now, config.timezone)
    const done = await step(input, { brandId, config, tx, member, now, today })
    await tx.site.saveMember(done.member)
    const { siteUserId, streak } = done.member
    const claimed = await tx.site.listMilestoneClaims({ brandId, siteUserId, run: streak.run })
    return { result: done.result, streak: streakView(config, streak, claimed, now, today) }
  })
}
