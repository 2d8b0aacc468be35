import { pointsTokenAbi } from '@loyaltykit/contracts'
import { parseEventLogs } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postJson } from './helpers/post-json'
import { queryTestDatabase } from './helpers/query-test-database'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'
import { tokenBalance } from './helpers/token-balance'

const WEI = 10n ** 18n
const REQUESTS = 200
const MAX_CLAIMS = 5
const REWARD = 9

// 200 concurrent manual-events of one user against a rule that allows 5 (docs/event-handler.md#order-of-checks:
// checks and writes share one transaction). The duplicate window is the first claim check and would
// refuse every repeat of the first accepted claim with 409 (same event type and user within the
// window), so it is turned off here (LOYALTYKIT_DUPLICATE_WINDOW_MS=0): the limit under test is maxClaims.
describe.each(testDialects)('200 concurrent manual-events where the rule allows 5, on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let brandId: string

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db, { LOYALTYKIT_MINT_WAIT_MS: '60000', LOYALTYKIT_DUPLICATE_WINDOW_MS: '0' })
    brandId = (await s.runtime.engine.brands.create({ name: 'Race', websites: ['https://race.example.com'] })).brand.id
    await s.runtime.engine.rules.set({
      brandId,
      eventType: 'flash',
      custom: true,
      rewardAmount: REWARD,
      maxClaims: MAX_CLAIMS,
      cooldownHours: 0,
    })
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  it('accepts exactly 5, refuses 195 with 429 max_claims_reached, stores 5 events and mints 5 rewards', async () => {
    const body = { brandId, eventType: 'custom_flash', userEmail: 'racer@example.com', domain: 'race.example.com' }
    const answers = await Promise.all(
      Array.from({ length: REQUESTS }, async () => {
        const res = await postJson(s.base, '/loyalty-api/manual-event', body)
        return { status: res.status, body: await res.json() }
      }),
    )
    const accepted = answers.filter((a) => a.status === 200)
    const refused = answers.filter((a) => a.status !== 200)
    expect(accepted).toHaveLength(MAX_CLAIMS)
    expect(refused).toHaveLength(REQUESTS - MAX_CLAIMS)
    for (const r of refused) {
      expect(r.status).toBe(429)
      expect(r.body).toMatchObject({
        code: 'MAX_CLAIMS_REACHED',
        details: { reason: 'max_claims_reached', totalClaims: MAX_CLAIMS, maxClaims: MAX_CLAIMS },
      })
    }
    expect(accepted.map((a) => a.body.status)).toEqual(Array(MAX_CLAIMS).fill('confirmed'))
    expect(accepted.filter((a) => a.body.walletCreated)).toHaveLength(1)
    const wallets = new Set(accepted.map((a) => a.body.walletAddress))
    expect(wallets.size).toBe(1)
    const [wallet] = [...wallets] as [string]

    // The database: exactly 5 events of this user, the 5 answered.
    const rows = await queryTestDatabase<{ id: string; reward_amount: number; created_at: number }>(
      db,
      'select id, reward_amount, created_at from reward_events where brand_id = ? and user_key = ?',
      [brandId, 'racer@example.com'],
    )
    expect(rows.map((r) => r.id).sort()).toEqual(accepted.map((a) => a.body.eventId).sort())
    expect(rows.map((r) => Number(r.reward_amount))).toEqual(Array(MAX_CLAIMS).fill(REWARD))
    for (const r of rows) r.created_at = Number(r.created_at)
    // Claims were judged one after another under the user's lock, each with the time it held the lock:
    // the user's latest claim (what cooldown and duplicate window count from) is the newest event.
    const [counter] = await queryTestDatabase<{ claims: number; last_event_id: string; last_at: number }>(
      db,
      'select claims, last_event_id, last_at from claim_counters where brand_id = ? and user_key = ?',
      [brandId, 'racer@example.com'],
    )
    const newest = Math.max(...rows.map((r) => Number(r.created_at)))
    expect(Number(counter?.claims)).toBe(MAX_CLAIMS)
    expect(Number(counter?.last_at)).toBe(newest)
    expect(rows.find((r) => r.id === counter?.last_event_id)?.created_at).toBe(newest)

    // The chain: 5 × reward minted to the wallet, in the transactions the answers name.
    expect(await tokenBalance(s, wallet)).toBe(BigInt(MAX_CLAIMS * REWARD) * WEI)
    const chain = s.runtime.chain!
    const hashes = [...new Set(accepted.map((a) => a.body.transactionHash as `0x${string}`))]
    const mints = []
    for (const hash of hashes) {
      const receipt = await chain.publicClient.getTransactionReceipt({ hash })
      expect(receipt.status).toBe('success')
      const transfers = parseEventLogs({ abi: pointsTokenAbi, eventName: 'Transfer', logs: receipt.logs })
      mints.push(...transfers.filter((t) => t.args.to.toLowerCase() === wallet))
    }
    expect(mints).toHaveLength(MAX_CLAIMS)
    expect(mints.every((t) => t.args.value === BigInt(REWARD) * WEI)).toBe(true)
    expect(mints.every((t) => /^0x0{40}$/.test(t.args.from))).toBe(true)
  })
})
