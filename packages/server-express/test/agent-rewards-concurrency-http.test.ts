import { describe, expect, it } from 'vitest'
import { useAgentServer } from './helpers/agent-fixture'
import { agentRewardsSupport } from './helpers/agent-rewards-support'
import { queryTestDatabase } from './helpers/query-test-database'
import { testDialects } from './helpers/test-databases'
import { tokenBalance } from './helpers/token-balance'

const WEI = 10n ** 18n

// claim_reward (#16) under concurrency (docs/agent-api.md#claim_reward): whoever sends them, concurrent
// claims of one (type, brand) pay exactly once: one mint job, one chain payment, a clean ledger.
describe.each(testDialects)('concurrent agent reward claims on $dialect', (dialect) => {
  const f = useAgentServer(dialect)
  const engine = () => f.s.runtime.engine
  const { newKey, brand, claim, walletOf, claimsOf } = agentRewardsSupport(f)

  it('20 concurrent claims pay once: 20 keys racing for one discovery, one key sending one onboarding claim 20 times', async () => {
    const before = await queryTestDatabase<{ n: number | string }>(
      f.db,
      "select count(*) as n from mint_jobs where source = 'agent_reward'",
    )
    const racers = await Promise.all(Array.from({ length: 20 }, () => newKey()))
    const prize = await brand('Raced Brand')
    const answers = await Promise.all(racers.map((k) => claim(k, 'discovery', prize)))
    const winners = answers.flatMap((a, i) => (a.status === 200 ? [i] : []))
    expect(winners).toHaveLength(1)
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect([a.status, a.body.error.details?.reason]).toEqual([400, 'already_claimed'])
    }
    const balances = await Promise.all(
      racers.map(async (k) => {
        const w = await walletOf(k)
        return w ? tokenBalance(f.s, w) : 0n
      }),
    )
    expect(balances.reduce((a, b) => a + b, 0n)).toBe(100n * WEI)
    expect(balances[winners[0] as number]).toBe(100n * WEI)

    const onboarder = await newKey({ canOnboard: true })
    const own = await brand('Own Brand', onboarder)
    const same = await Promise.all(Array.from({ length: 20 }, () => claim(onboarder, 'onboarding', own)))
    expect(same.filter((a) => a.status === 200)).toHaveLength(1)
    expect(same.filter((a) => a.status === 400)).toHaveLength(19)
    expect(await tokenBalance(f.s, (await walletOf(onboarder)) as string)).toBe(500n * WEI)

    expect((await claimsOf(prize)).map((r) => r.agent_key_id)).toEqual([racers[winners[0] as number]?.keyId])
    expect(await claimsOf(own)).toHaveLength(1)
    const after = await queryTestDatabase<{ n: number | string }>(
      f.db,
      "select count(*) as n from mint_jobs where source = 'agent_reward'",
    )
    expect(Number(after[0]?.n) - Number(before[0]?.n)).toBe(2)
    const reconcile = await engine().ledger.reconcile()
    expect([reconcile.ok, reconcile.balanceDrifts, reconcile.entryDrifts]).toEqual([true, [], []])
  })

  it('a key’s concurrent claims for different brands respect its caps: 6 onboarding claims at once → 3 paid, 3 429', async () => {
    const agent = await newKey({ canOnboard: true })
    const brands = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => brand(`Busy ${i}`, agent)))
    const answers = await Promise.all(brands.map((b) => claim(agent, 'onboarding', b)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 429, 429, 429])
    for (const a of answers.filter((x) => x.status === 429)) expect(a.body.error.details.reason).toBe('daily_cap')
    const paid = await Promise.all(brands.map(claimsOf))
    expect(paid.filter((rows) => rows.length === 1)).toHaveLength(3)
    expect(await tokenBalance(f.s, (await walletOf(agent)) as string)).toBe(1500n * WEI)
  })
})
