import { perkCollectionAbi } from '@loyaltykit/contracts'
import type { PerkRecord } from '@loyaltykit/engine'
import { redeemSitePerkResponseSchema } from '@loyaltykit/engine/schemas'
import { encodeFunctionData } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'
import { tokenBalance } from './helpers/token-balance'

const WEI = 10n ** 18n
type Answer = { status: number; headers: Headers; body: Record<string, unknown> }

// POST /loyalty-api/site/redeem (docs/site-plugin.md) over real HTTP on the embedded chain: a site
// user redeems with the custodial wallet of their email (permit + claimFor through the relay sender,
// a ledger entry, a confirmation code), Idempotency-Key, every refusal with its reason (nothing
// spent), and 20 concurrent redemptions by one member of a perk limited to 1 per user → exactly one.
describe.each(testDialects)('site redeem over HTTP on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let a: { brandId: string; siteKey: string }
  let b: { brandId: string; siteKey: string }

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db, { LOYALTYKIT_DUPLICATE_WINDOW_MS: '0' })
    const engine = s.runtime.engine
    const one = await engine.brands.create({ name: 'Shop A', websites: ['https://a.example'] })
    a = {
      brandId: one.brand.id,
      siteKey: (await engine.apiKeys.create({ brandId: one.brand.id, scopes: ['site'] })).apiKey,
    }
    const two = await engine.brands.create({ name: 'Shop B', websites: ['https://b.example'] })
    b = {
      brandId: two.brand.id,
      siteKey: (await engine.apiKeys.create({ brandId: two.brand.id, scopes: ['site'] })).apiKey,
    }
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  const engine = () => s.runtime.engine
  const chain = () => s.runtime.chain as NonNullable<typeof s.runtime.chain>
  const blockNumber = () => chain().publicClient.getBlockNumber({ cacheTime: 0 })

  async function redeem(key: string | undefined, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const res = await fetch(`${s.base}/loyalty-api/site/redeem`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...headers,
      },
      body: JSON.stringify(body),
    })
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> }
  }

  /** 100 points (account_creation) to the wallet of `email` at brand A, mined; answers the wallet. */
  async function fund(email: string): Promise<string> {
    const res = await fetch(`${s.base}/loyalty-api/manual-event`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://a.example' },
      body: JSON.stringify({ brandId: a.brandId, eventType: 'account_creation', userEmail: email }),
    })
    const body = (await res.json()) as { walletAddress: string; transactionHash: string | null }
    expect(body.transactionHash, JSON.stringify(body)).toMatch(/^0x/)
    return body.walletAddress
  }

  const perk = (p: Partial<Parameters<TestServer['runtime']['engine']['perks']['create']>[0]> & { name: string }) =>
    engine().perks.create({ brandId: a.brandId, price: 10, ...p }) as Promise<PerkRecord>

  it('redeems a perk with the wallet of the email: claim on chain, ledger, confirmation code; a key replays it', async () => {
    const wallet = await fund('ann@example.com')
    const coffee = await perk({ name: 'Free coffee', price: 30, category: 'dining', maxSupply: 10 })
    const ann = { id: 7, email: 'Ann@Example.com', displayName: 'Ann' }
    const first = await redeem(a.siteKey, { user: ann, perkId: coffee.id }, { 'idempotency-key': 'wp-7-click-1' })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.headers.get('cache-control')).toBe('no-store')
    const body = redeemSitePerkResponseSchema.parse(first.body)
    expect(body).toMatchObject({
      success: true,
      perk: { id: coffee.id, name: 'Free coffee', cost: 30, category: 'dining' },
      pointsSpent: 30,
      newBalance: 70,
      walletAddress: wallet,
      replayed: false,
    })
    expect(body.confirmationCode).toMatch(/^[A-Z0-9-]{6,}$/)
    expect(body.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await tokenBalance(s, wallet)).toBe(70n * WEI)
    const totals = await s.runtime.storage.ledger.memberTotals({ walletAddress: wallet, brandId: a.brandId })
    expect(totals.redeemed + 0).toBe(30)
    const row = await s.runtime.storage.perkRedemptions.findByClaim({
      collectionId: String(coffee.collectionId),
      tokenId: body.tokenId,
    })
    expect(row).toMatchObject({ source: 'site', perkId: coffee.id, transactionHash: body.transactionHash })
    // The display name is kept for the leaderboard, as a check-in keeps it.
    expect(await s.runtime.storage.site.getMember({ brandId: a.brandId, siteUserId: '7' })).toMatchObject({
      displayName: 'Ann',
      walletAddress: wallet,
    })

    // The same click retried: the first answer, nothing spent twice.
    const again = await redeem(a.siteKey, { user: ann, perkId: coffee.id }, { 'idempotency-key': 'wp-7-click-1' })
    expect(again.status).toBe(200)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body).toEqual(first.body)
    expect(await tokenBalance(s, wallet)).toBe(70n * WEI)
    // Another click: a second coffee.
    const second = await redeem(a.siteKey, { user: ann, perkId: coffee.id }, { 'idempotency-key': 'wp-7-click-2' })
    expect(second.status).toBe(200)
    expect(second.body).toMatchObject({ newBalance: 40, replayed: false })
    expect(second.body.confirmationCode).not.toBe(body.confirmationCode)
  })

  it('refuses with a reason the plugin can show, spending nothing', async () => {
    const bob = await fund('bob@example.com')
    const lamp = await perk({ name: 'Lamp', price: 500 })
    const sticker = await perk({ name: 'Sticker', maxPerUser: 1 })
    const poster = await perk({ name: 'Poster', maxSupply: 1 })
    const hat = await perk({ name: 'Hat' })
    const other = (await engine().perks.create({ brandId: b.brandId, name: 'B mug', price: 10 })) as PerkRecord
    await s.runtime.relaySender?.send({
      kind: 'operator',
      to: chain().contracts.perkCollection,
      data: encodeFunctionData({
        abi: perkCollectionAbi,
        functionName: 'setActive',
        args: [BigInt(hat.collectionId), false],
      }),
      gas: 200_000n,
      functionName: 'setActive',
      userAddress: null,
      brandId: a.brandId,
    })
    const user = { id: 'bob', email: 'bob@example.com' }
    expect((await redeem(a.siteKey, { user, perkId: sticker.id })).status).toBe(200)
    expect((await redeem(a.siteKey, { user, perkId: poster.id })).status).toBe(200)
    expect(await tokenBalance(s, bob)).toBe(80n * WEI)

    const block = await blockNumber()
    const cases: Array<[string, string, unknown, number, string, string | undefined]> = [
      [
        'insufficient balance',
        a.siteKey,
        { user, perkId: lamp.id },
        409,
        'INSUFFICIENT_BALANCE',
        'insufficient_balance',
      ],
      ['per-user limit', a.siteKey, { user, perkId: sticker.id }, 409, 'PERK_LIMIT_REACHED', 'per_user_limit'],
      ['sold out', a.siteKey, { user, perkId: poster.id }, 409, 'PERK_SOLD_OUT', 'sold_out'],
      ['inactive', a.siteKey, { user, perkId: hat.id }, 409, 'PERK_INACTIVE', 'inactive'],
      ['unknown perk', a.siteKey, { user, perkId: crypto.randomUUID() }, 404, 'PERK_NOT_FOUND', 'not_found'],
      ['another brand’s perk', a.siteKey, { user, perkId: other.id }, 404, 'PERK_NOT_FOUND', 'not_found'],
      // A site user with no wallet yet gets one, and no points: a refusal for balance.
      [
        'new user',
        a.siteKey,
        { user: { id: 'zoe', email: 'zoe@example.com' }, perkId: sticker.id },
        409,
        'INSUFFICIENT_BALANCE',
        'insufficient_balance',
      ],
      ['missing perkId', a.siteKey, { user }, 400, 'VALIDATION_FAILED', undefined],
      ['no key', '', { user, perkId: sticker.id }, 401, 'API_KEY_REQUIRED', undefined],
      [
        'another brand id',
        a.siteKey,
        { user, perkId: sticker.id, brandId: b.brandId },
        403,
        'API_KEY_BRAND_MISMATCH',
        undefined,
      ],
    ]
    for (const [name, key, body, status, code, reason] of cases) {
      const r = await redeem(key || undefined, body)
      expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(status)
      expect(r.body, name).toMatchObject({ success: false, code, error: expect.any(String), message: r.body.error })
      if (reason) expect((r.body.details as { reason?: string }).reason, name).toBe(reason)
    }
    const refusal = await redeem(a.siteKey, { user, perkId: lamp.id })
    expect(refusal.body.details).toMatchObject({ balance: 80, cost: 500 })
    // Nothing reached the chain; bob paid only for the two perks he got.
    expect(await blockNumber()).toBe(block)
    expect(await tokenBalance(s, bob)).toBe(80n * WEI)
  })

  it('20 concurrent redemptions by one member of a perk limited to 1 per user: exactly one', async () => {
    const wallet = await fund('cy@example.com')
    const badge = await perk({ name: 'Badge', price: 25, maxPerUser: 1 })
    const user = { id: 'cy', email: 'cy@example.com', displayName: 'Cy' }
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(a.siteKey, { user, perkId: badge.id })))
    const won = answers.filter((r) => r.status === 200)
    expect(won).toHaveLength(1)
    for (const r of answers.filter((x) => x.status !== 200)) {
      expect(r.status, JSON.stringify(r.body)).toBe(409)
      expect(r.body).toMatchObject({ code: 'PERK_LIMIT_REACHED', details: { reason: 'per_user_limit' } })
    }
    const claims = await chain().publicClient.readContract({
      address: chain().contracts.perkCollection,
      abi: perkCollectionAbi,
      functionName: 'claimsOf',
      args: [BigInt(badge.collectionId), wallet as `0x${string}`],
    })
    expect(claims).toBe(1n)
    expect(await tokenBalance(s, wallet)).toBe(75n * WEI)
    const totals = await s.runtime.storage.ledger.memberTotals({ walletAddress: wallet, brandId: a.brandId })
    expect(totals.redeemed + 0).toBe(25)
    const reconcile = await engine().ledger.reconcile()
    expect(reconcile.ok, JSON.stringify(reconcile)).toBe(true)
  })
})
