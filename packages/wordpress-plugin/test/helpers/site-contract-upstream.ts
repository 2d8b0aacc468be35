import { createServer, type ServerResponse } from 'node:http'
import { PERKS, redeemAnswer } from './redeem-contract-upstream'

type Streak = { days: number; lastDay: string | null; claimed: number[]; earned: number; name: string }

const MILESTONES = [
  { days: 7, bonus: 100 },
  { days: 30, bonus: 500 },
  { days: 100, bonus: 2000 },
  { days: 365, bonus: 10000 },
]
const multiplier = (days: number) => (days >= 100 ? 3 : days >= 30 ? 2 : days >= 7 ? 1.5 : 1)
const today = () => new Date().toISOString().slice(0, 10)

/**
 * A stand-in for the upstream site API (`/loyalty-api/site/*`, and the agent API's public perk list)
 * answering as docs/site-plugin.md documents it, with the default streak rules in memory (UTC days; no
 * grace period, freezes or chain), for as long as the loyaltykit server does not serve it on main.
 * `restore(userId, days)` stands for `loyaltykit streak restore`.
 */
export async function startSiteContractUpstream() {
  const members = new Map<string, Streak>()
  const member = (user: { id: string; displayName?: string }) => {
    const m = members.get(user.id) ?? { days: 0, lastDay: null, claimed: [], earned: 0, name: '' }
    m.name = user.displayName ?? m.name
    members.set(user.id, m)
    return m
  }
  const view = (m: Streak) => ({
    currentStreak: m.days,
    longestStreak: m.days,
    multiplier: multiplier(m.days),
    nextMilestone: MILESTONES.find((x) => x.days > m.days) ?? null,
    unclaimedMilestones: MILESTONES.filter((x) => x.days <= m.days && !m.claimed.includes(x.days)),
    claimedMilestones: m.claimed,
    freezesAvailable: 0,
    freezesUsed: 0,
    lastCheckInDate: m.lastDay,
    checkedInToday: m.lastDay === today(),
    timezone: 'UTC',
  })
  const send = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  const refuse = (res: ServerResponse, status: number, code: string, message: string) =>
    send(res, status, { success: false, error: message, message, code, details: {}, requestId: 'req-1' })

  const server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString()
    })
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://upstream')
      const body = raw
        ? (JSON.parse(raw) as { user: { id: string; displayName?: string }; milestoneDays?: number })
        : null
      const route = `${req.method} ${url.pathname}`
      if (route.startsWith('GET /api/v1/brands/') && url.pathname.endsWith('/perks')) {
        const perk = { id: PERKS.coffee, name: 'Free coffee', description: null, category: 'dining', cost: 50 }
        return send(res, 200, { data: { perks: [{ ...perk, available: null, isActive: true }] }, meta: {} })
      }
      if (route === 'POST /loyalty-api/site/checkin' && body) {
        const m = member(body.user)
        if (m.lastDay === today())
          return send(res, 200, { success: true, alreadyClaimed: true, reward: 0, streak: view(m) })
        m.days += 1
        m.lastDay = today()
        const reward = Math.floor(10 * multiplier(m.days))
        m.earned += reward
        return send(res, 200, { success: true, alreadyClaimed: false, reward, streak: view(m), transactionHash: null })
      }
      if (route === 'GET /loyalty-api/site/streak') {
        const m = members.get(url.searchParams.get('userId') ?? '')
        return send(res, 200, {
          success: true,
          streak: view(m ?? { days: 0, lastDay: null, claimed: [], earned: 0, name: '' }),
        })
      }
      if (route === 'POST /loyalty-api/site/claim-milestone' && body) {
        const m = member(body.user)
        const milestone = MILESTONES.find((x) => x.days === body.milestoneDays)
        if (!milestone)
          return refuse(res, 400, 'UNKNOWN_MILESTONE', `${body.milestoneDays} days is not a milestone of this brand`)
        if (m.days < milestone.days) return refuse(res, 409, 'MILESTONE_NOT_REACHED', 'Milestone not reached')
        if (m.claimed.includes(milestone.days)) return refuse(res, 409, 'MILESTONE_ALREADY_CLAIMED', 'Already claimed')
        m.claimed.push(milestone.days)
        m.earned += milestone.bonus
        return send(res, 200, { success: true, bonusRsnc: milestone.bonus, milestone: milestone.days, streak: view(m) })
      }
      if (route === 'POST /loyalty-api/site/redeem') return send(res, ...redeemAnswer(raw))
      if (route === 'GET /loyalty-api/site/leaderboard') {
        const ranked = [...members.values()].filter((m) => m.earned > 0).sort((a, b) => b.earned - a.earned)
        const leaderboard = ranked.map((m, i) => ({
          rank: i + 1,
          userIdentifier: '0x12ab…cdef',
          username: m.name,
          value: m.earned,
        }))
        return send(res, 200, {
          success: true,
          leaderboard,
          metric: 'rsnc_earned',
          period: 'week',
          total: ranked.length,
        })
      }
      return refuse(res, 404, 'ROUTE_NOT_FOUND', `Not found: ${route}`)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    restore(userId: string, days: number) {
      const m = members.get(userId)
      if (m) m.days = days
    },
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
