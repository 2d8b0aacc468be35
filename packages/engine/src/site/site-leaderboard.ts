import type { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { ledgerLeaderboard } from '../ledger/ledger-leaderboard'
import { authorizeSiteKey, type SiteCallerOptions } from './authorize-site-key'
import {
  type SiteLeaderboardParameters,
  siteLeaderboardParametersSchema,
  type siteLeaderboardResponseSchema,
} from './site-leaderboard-schema'

export type SiteLeaderboardOptions = SiteCallerOptions

export type SiteLeaderboardReturnType = z.output<typeof siteLeaderboardResponseSchema>

/** The key's brand's leaderboard in the site API's shape (period default `week`): `engine.ledger.leaderboard`. */
export async function siteLeaderboard(
  ctx: EngineContext,
  params: SiteLeaderboardParameters,
  options: SiteLeaderboardOptions = {},
): Promise<SiteLeaderboardReturnType> {
  const brandId = await authorizeSiteKey(ctx, options, params)
  const p = parseInput(siteLeaderboardParametersSchema, params, 'Invalid leaderboard request')
  const board = await ledgerLeaderboard(ctx, { ...p, brandId })
  return { success: true, leaderboard: board.entries, metric: board.metric, period: board.period, total: board.total }
}
