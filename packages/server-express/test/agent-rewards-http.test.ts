import { describe, expect, it } from 'vitest'
import { useAgentServer } from './helpers/agent-fixture'
import { agentRewardsSupport } from './helpers/agent-rewards-support'
import { queryTestDatabase } from './helpers/query-test-database'
import { testDialects } from './helpers/test-databases'
import { tokenBalance } from './helpers/token-balance'

const WEI = 10n ** 18n
const DAY = 86_400_000

// claim_reward (#16) and my_rewards (#17) over HTTP on the real chain (docs/agent-api.md#claim_reward):
// discovery 100 / onboarding 500 minted to the key's own custodial wallet, each (type, brand) once,
// caps per key per rolling day and week (concurrency: agent-rewards-concurrency-http.test.ts).
describe.each(testDialects)('agent rewards over HTTP on $dialect', (dialect) => {
  const f = useAgentServer(dialect)
  const engine = () => f.s.runtime.engine
  const { newKey, brand, claim, myRewards, walletOf, claimsOf } = agentRewardsSupport(f)

  it('pays discovery 100 (new brands, first claimer) and onboarding 500 (the onboarding key) to the key’s wallet, once', async () => {
    const scout = await newKey()
    const onboarder = await newKey({ canOnboard: true })
    const fresh = await brand('Fresh Rewards', onboarder)
    const young = await brand('Young Rewards', undefined, 29)
    const old = await brand('Old Rewards', undefined, 31)

    const me0 = await myRewards(scout)
    expect(me0.status).toBe(200)
    expect(me0.body.data).toMatchObject({
      agentKeyId: scout.keyId,
      tier: 'free',
      permissions: { canOnboard: false, canManageProgram: false, brandScope: null },
      walletAddress: null,
      earnings: { total: 0, discovery: 0, onboarding: 0 },
    })

    const found = await claim(scout, 'discovery', fresh.toUpperCase().replace('0X', '0x'))
    expect(found.status, JSON.stringify(found.body)).toBe(200)
    const scoutWallet = await walletOf(scout)
    expect(found.body).toEqual({
      data: {
        claimId: expect.any(String),
        rewardType: 'discovery',
        brandAddress: fresh,
        amount: 100,
        walletAddress: scoutWallet,
        transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        status: 'confirmed',
        caps: { daily: { limit: 10, used: 1, remaining: 9 }, weekly: { limit: 50, used: 1, remaining: 49 } },
      },
      meta: { tool: 'loyalty_agent_claim_reward', timestamp: expect.any(String) },
    })
    expect(await tokenBalance(f.s, scoutWallet as string)).toBe(100n * WEI)

    // Each (type, brand) pays once: again, or by another key → 400 validation.
    for (const [as, type] of [
      [scout, 'discovery'],
      [onboarder, 'discovery'],
    ] as const) {
      const again = await claim(as, type, fresh)
      expect(again.status).toBe(400)
      expect(again.body.error).toMatchObject({
        code: 'validation',
        status: 400,
        message: `The discovery reward for brand ${fresh} was already claimed`,
        details: { reason: 'already_claimed' },
      })
    }
    // Onboarding: only the key that onboarded the brand (403), which gets 500.
    const notMine = await claim(scout, 'onboarding', fresh)
    expect([notMine.status, notMine.body.error.code]).toEqual([403, 'forbidden'])
    const onboarded = await claim(onboarder, 'onboarding', fresh)
    expect(onboarded.status, JSON.stringify(onboarded.body)).toBe(200)
    expect(onboarded.body.data).toMatchObject({ rewardType: 'onboarding', amount: 500, status: 'confirmed' })
    expect(onboarded.body.data.caps).toEqual({
      daily: { limit: 3, used: 1, remaining: 2 },
      weekly: { limit: 10, used: 1, remaining: 9 },
    })
    expect(await tokenBalance(f.s, onboarded.body.data.walletAddress)).toBe(500n * WEI)
    expect((await claim(onboarder, 'onboarding', fresh)).status).toBe(400)
    // A brand the agent did not onboard (nobody did) pays no onboarding reward either.
    expect((await claim(onboarder, 'onboarding', young)).status).toBe(403)

    // Discovery: a brand created 29 days ago pays; 31 days ago it is not new any more.
    expect((await claim(onboarder, 'discovery', young)).status).toBe(200)
    const tooOld = await claim(scout, 'discovery', old)
    expect(tooOld.status).toBe(400)
    expect(tooOld.body.error.details).toMatchObject({ reason: 'brand_too_old' })
    // Bounds and unknowns.
    const unknown = await claim(scout, 'discovery', `0x${'ab'.repeat(20)}`)
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found'])
    const badType = await claim(scout, 'referral', fresh)
    expect([badType.status, badType.body.error.code]).toEqual([400, 'validation'])
    expect(badType.body.error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'rewardType' })]),
    )
    expect((await claim(scout, 'discovery', '0x1234')).status).toBe(400)
    expect(
      (await f.call('POST', '/api/v1/agent/rewards/claim', { body: { rewardType: 'discovery', brandAddress: young } }))
        .status,
    ).toBe(401)

    expect(await claimsOf(fresh)).toEqual([
      { agent_key_id: scout.keyId, reward_type: 'discovery', amount: expect.anything() },
      { agent_key_id: onboarder.keyId, reward_type: 'onboarding', amount: expect.anything() },
    ])
    expect((await claimsOf(fresh)).map((r) => Number(r.amount))).toEqual([100, 500])

    // my_rewards: earnings by type, caps used, the rate window of this very request.
    const me = await myRewards(onboarder)
    expect(me.status).toBe(200)
    expect(me.body.data).toMatchObject({
      agentKeyId: onboarder.keyId,
      permissions: { canOnboard: true },
      walletAddress: onboarded.body.data.walletAddress,
      earnings: { total: 600, discovery: 100, onboarding: 500 },
      caps: {
        discovery: {
          daily: { limit: 10, used: 1, remaining: 9 },
          weekly: { limit: 50, used: 1, remaining: 49 },
          nextClaimAt: null,
        },
        onboarding: {
          daily: { limit: 3, used: 1, remaining: 2 },
          weekly: { limit: 10, used: 1, remaining: 9 },
          nextClaimAt: null,
        },
      },
    })
    expect(me.body.data.rateLimit).toEqual({
      perMinute: 1000,
      remaining: Number(me.headers.get('x-ratelimit-remaining')),
      resetAt: new Date(Number(me.headers.get('x-ratelimit-reset')) * 1000).toISOString(),
    })
    const reconcile = await engine().ledger.reconcile()
    expect([reconcile.ok, reconcile.balanceDrifts, reconcile.entryDrifts]).toEqual([true, [], []])
  })

  it('caps a key’s claims per rolling day and week: 429 rate_limit with Retry-After until a slot opens', async () => {
    const agent = await newKey({ canOnboard: true })
    const brands = await Promise.all([1, 2, 3, 4].map((i) => brand(`Capped ${i}`, agent)))
    for (const b of brands.slice(0, 3)) expect((await claim(agent, 'onboarding', b)).status).toBe(200)
    const capped = await claim(agent, 'onboarding', brands[3] as string)
    expect(capped.status).toBe(429)
    expect(capped.body.error).toMatchObject({
      code: 'rate_limit',
      message: 'The daily cap of onboarding rewards (3) is reached for this agent key',
      details: { reason: 'daily_cap', limit: 3 },
    })
    // The first of the three leaves the 24-hour window in just under a day.
    const retry = Number(capped.headers.get('retry-after'))
    expect(retry).toBeGreaterThan(86_400 - 120)
    expect(retry).toBeLessThanOrEqual(86_400)

    // Two days later (claims moved back): the day is free, the week holds 3 of 10.
    const twoDaysAgo = Date.now() - 2 * DAY
    await queryTestDatabase(f.db, 'update agent_reward_claims set created_at = ? where agent_key_id = ?', [
      twoDaysAgo,
      agent.keyId,
    ])
    const me = await myRewards(agent)
    expect(me.body.data.caps.onboarding).toEqual({
      daily: { limit: 3, used: 0, remaining: 3 },
      weekly: { limit: 10, used: 3, remaining: 7 },
      nextClaimAt: null,
    })
    // Seven more, three days ago (rows written directly): the week is full; a slot opens when the
    // oldest of the ten leaves it, 7 − 3 = 4 days from now.
    const threeDaysAgo = Date.now() - 3 * DAY
    for (let i = 0; i < 7; i++) {
      await queryTestDatabase(
        f.db,
        'insert into agent_reward_claims (id, agent_key_id, reward_type, brand_address, amount, mint_job_id, wallet_address, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
        [
          `old-${i}-${agent.keyId}`,
          agent.keyId,
          'onboarding',
          `0x${String(i).repeat(40)}`,
          500,
          'none',
          '0x00',
          threeDaysAgo,
        ],
      )
    }
    const weekly = await claim(agent, 'onboarding', brands[3] as string)
    expect(weekly.status).toBe(429)
    expect(weekly.body.error.details).toMatchObject({ reason: 'weekly_cap', limit: 10 })
    const wait = Number(weekly.headers.get('retry-after'))
    expect(wait).toBeGreaterThan(4 * 86_400 - 120)
    expect(wait).toBeLessThanOrEqual(4 * 86_400)
    const after = await myRewards(agent)
    expect(after.body.data.caps.onboarding.weekly).toEqual({ limit: 10, used: 10, remaining: 0 })
    expect(Date.parse(after.body.data.caps.onboarding.nextClaimAt)).toBe(threeDaysAgo + 7 * DAY)
    expect(after.body.data.earnings.onboarding).toBe(10 * 500)
  })
})
