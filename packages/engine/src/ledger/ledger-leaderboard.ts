import type { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { localDay } from '../site/local-day'
import { readSiteConfig } from '../site/read-site-config'
import {
  type LeaderboardPeriod,
  type LedgerLeaderboardParameters,
  ledgerLeaderboardParametersSchema,
  type ledgerLeaderboardResponseSchema,
} from './ledger-leaderboard-schema'

export type LedgerLeaderboardReturnType = z.output<typeof ledgerLeaderboardResponseSchema>

const HOUR_MS = 3_600_000

const WINDOW_MS: Record<LeaderboardPeriod, number | undefined> = {
  day: 24 * HOUR_MS,
  daily: 24 * HOUR_MS,
  week: 7 * 24 * HOUR_MS,
  weekly: 7 * 24 * HOUR_MS,
  month: 30 * 24 * HOUR_MS,
  monthly: 30 * 24 * HOUR_MS,
  all: undefined,
  all_time: undefined,
}

/** `0x12ab…cdef`: enough to tell two entries apart, not enough to find the wallet. */
const maskWallet = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/**
 * A brand's leaderboard (docs/site-plugin.md, docs/agent-api.md): `rsnc_earned` and `activity` from
 * the ledger's `reward` entries in a rolling window (24 h, 7 d, 30 d, all time), `streak` from the
 * live streaks of the brand's site users (the period does not apply). Ranks are 1-based in order;
 * ties go to who reached the value first. Public data: wallets are masked, `username` is the display
 * name a site sent for the wallet (null when none). Brand unknown: an empty board.
 */
export async function ledgerLeaderboard(
  ctx: EngineContext,
  params: LedgerLeaderboardParameters,
): Promise<LedgerLeaderboardReturnType> {
  const p = parseInput(ledgerLeaderboardParametersSchema, params, 'Invalid leaderboard request')
  const now = ctx.clock.now()
  const windowMs = p.metric === 'streak' ? undefined : WINDOW_MS[p.period]
  const since = windowMs === undefined ? undefined : now - windowMs
  const board =
    p.metric === 'streak'
      ? await streakBoard(ctx, p.brandId, p.limit, now)
      : await ctx.storage.ledger.leaderboard({
          brandId: p.brandId,
          metric: p.metric === 'rsnc_earned' ? 'earned' : 'actions',
          since,
          limit: p.limit,
        })
  const names = await ctx.storage.site.displayNames({
    brandId: p.brandId,
    walletAddresses: board.rows.map((r) => r.walletAddress),
  })
  return {
    entries: board.rows.map((r, i) => ({
      rank: i + 1,
      userIdentifier: maskWallet(r.walletAddress),
      username: names.get(r.walletAddress) ?? null,
      value: r.value,
    })),
    metric: p.metric,
    period: p.period,
    total: board.total,
    since: since === undefined ? null : new Date(since).toISOString(),
  }
}

async function streakBoard(ctx: EngineContext, brandId: string, limit: number, now: number) {
  const config = await readSiteConfig(ctx.storage, brandId)
  return ctx.storage.site.streakLeaderboard({
    brandId,
    today: localDay(now, config.timezone),
    minCheckInAt: now - config.graceHours * HOUR_MS,
    limit,
  })
}
