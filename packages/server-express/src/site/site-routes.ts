import type { Engine, EngineParameters } from '@loyaltykit/engine'
import type {
  checkInResponseSchema,
  claimMilestoneResponseSchema,
  getStreakResponseSchema,
  redeemSitePerkResponseSchema,
  siteLeaderboardResponseSchema,
} from '@loyaltykit/engine/schemas'
import { Router } from 'express'
import type { z } from 'zod'
import { bearerToken } from '../http/bearer-token'
import '../http/request-context'

export type SiteRoutesOptions = {
  /** Bounded wait for a reward's transaction hash (check-in, milestone bonus). */
  mintWaitMs: number
}

/** The upstream site API's paths (docs/site-plugin.md): one per-IP window covers them. */
export const SITE_PATH = '/loyalty-api/site'

/**
 * The upstream site API for site plugins (docs/site-plugin.md#the-upstream-site-api), server to
 * server with the brand's API key (`Authorization: Bearer`, scope `site` or `events`; the engine
 * checks it and binds every call to the key's brand). Personal data: never cached.
 */
export function siteRoutes(engine: Engine, options: SiteRoutesOptions): Router {
  const router = Router()
  const caller = (req: Parameters<typeof bearerToken>[0]) => ({ apiKey: bearerToken(req) })

  router.post(`${SITE_PATH}/checkin`, async (req, res) => {
    const answer = await engine.site.checkIn(req.body as EngineParameters<'site', 'checkIn'>, {
      ...caller(req),
      mintWaitMs: options.mintWaitMs,
    })
    res.setHeader('Cache-Control', 'no-store')
    res.json(answer satisfies z.infer<typeof checkInResponseSchema>)
  })

  router.get(`${SITE_PATH}/streak`, async (req, res) => {
    const answer = await engine.site.getStreak(req.query as EngineParameters<'site', 'getStreak'>, caller(req))
    res.setHeader('Cache-Control', 'no-store')
    res.json(answer satisfies z.infer<typeof getStreakResponseSchema>)
  })

  router.post(`${SITE_PATH}/claim-milestone`, async (req, res) => {
    const answer = await engine.site.claimMilestone(req.body as EngineParameters<'site', 'claimMilestone'>, {
      ...caller(req),
      mintWaitMs: options.mintWaitMs,
    })
    res.setHeader('Cache-Control', 'no-store')
    res.json(answer satisfies z.infer<typeof claimMilestoneResponseSchema>)
  })

  router.post(`${SITE_PATH}/redeem`, async (req, res) => {
    // The idempotency middleware has checked the key's form; the engine keeps it with the redemption too.
    const idempotencyKey = req.get('idempotency-key')
    const answer = await engine.site.redeem(req.body as EngineParameters<'site', 'redeem'>, {
      ...caller(req),
      ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
    })
    res.setHeader('Cache-Control', 'no-store')
    res.json(answer satisfies z.infer<typeof redeemSitePerkResponseSchema>)
  })

  router.get(`${SITE_PATH}/leaderboard`, async (req, res) => {
    const answer = await engine.site.leaderboard(req.query as EngineParameters<'site', 'leaderboard'>, caller(req))
    res.setHeader('Cache-Control', 'no-store')
    res.json(answer satisfies z.infer<typeof siteLeaderboardResponseSchema>)
  })

  return router
}
