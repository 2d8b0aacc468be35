import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSecondApp } from './helpers/second-app'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const PATH = '/loyalty-api/pregenerate-user'
let nextId = 110_000_000_000_000_000n

/** A fresh Discord snowflake (valid format, timestamp in the past, not a test pattern). */
function discordId(): string {
  nextId += 7_919_293n
  return nextId.toString()
}

describe.each(testDialects)('POST /loyalty-api/pregenerate-user on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let brandId: string

  const post = (body: unknown, base = s.base) =>
    fetch(`${base}${PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db)
    brandId = (await s.runtime.engine.brands.create({ name: 'Guild', websites: ['https://guild.example'] })).brand.id
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  it('creates the wallet once, answers the spec shape, stores the metadata with the event', async () => {
    const id = discordId()
    const res = await post({
      brand_id: brandId,
      oauth_provider: 'discord',
      oauth_user_id: id,
      oauth_username: 'nelly',
      metadata: { campaign: 'launch', server: 'guild' },
      timestamp: Date.now(),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-ratelimit-limit')).toBe('100')
    const body = await res.json()
    expect(Object.keys(body).sort()).toEqual(
      [
        'created_new',
        'message',
        'next_steps',
        'oauth_provider',
        'oauth_user_id',
        'privy_user_id',
        'success',
        'wallet_address',
      ].sort(),
    )
    expect(body).toMatchObject({ success: true, oauth_provider: 'discord', oauth_user_id: id, created_new: true })
    expect(body.wallet_address).toMatch(/^0x[0-9a-f]{40}$/)
    expect(body.privy_user_id).toMatch(/^did:loyaltykit:[0-9a-f-]{36}$/)
    expect(body.next_steps.length).toBeGreaterThan(0)
    expect(body.next_steps.every((step: unknown) => typeof step === 'string')).toBe(true)

    const record = await s.runtime.storage.pregenerations.find('discord', id)
    expect(record).toMatchObject({
      brandId,
      walletAddress: body.wallet_address,
      userId: body.privy_user_id,
      oauthUsername: 'nelly',
      metadata: { campaign: 'launch', server: 'guild' },
    })

    const again = await (
      await post({ brand_id: brandId, oauth_provider: 'discord', oauth_user_id: id, metadata: { x: 1 } })
    ).json()
    expect(again).toMatchObject({
      wallet_address: body.wallet_address,
      privy_user_id: body.privy_user_id,
      created_new: false,
    })
    expect((await s.runtime.storage.pregenerations.find('discord', id))?.metadata).toEqual({
      campaign: 'launch',
      server: 'guild',
    })
    // A custodial wallet of this server, under the OAuth identity's own key (distinct from any email's).
    const wallet = await s.runtime.storage.wallets.findByAddress(body.wallet_address)
    expect(wallet?.ownerKey).toBe(`oauth:discord:${id}`)
  })

  it('gives different providers different wallets for the same number', async () => {
    const id = '5372981046'
    const telegram = await (await post({ brand_id: brandId, oauth_provider: 'telegram', oauth_user_id: id })).json()
    const twitter = await (await post({ brand_id: brandId, oauth_provider: 'twitter', oauth_user_id: id })).json()
    expect(telegram.created_new && twitter.created_new).toBe(true)
    expect(telegram.wallet_address).not.toBe(twitter.wallet_address)
  })

  it('creates ONE wallet for 20 concurrent first calls', async () => {
    const id = discordId()
    const bodies = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const res = await post({ brand_id: brandId, oauth_provider: 'discord', oauth_user_id: id })
        expect(res.status).toBe(200)
        return res.json()
      }),
    )
    expect(new Set(bodies.map((b) => b.wallet_address)).size).toBe(1)
    expect(new Set(bodies.map((b) => b.privy_user_id)).size).toBe(1)
    expect(bodies.filter((b) => b.created_new)).toHaveLength(1)
    const rows = await s.runtime.storage.wallets.findByOwner(`oauth:discord:${id}`)
    expect(rows?.address).toBe(bodies[0].wallet_address)
  })

  it('answers every error in the spec shape {error, ...extra fields}', async () => {
    const cases: Array<[unknown, number, Record<string, unknown>]> = [
      [
        { oauth_provider: 'discord' },
        400,
        {
          error: 'Missing required fields',
          required: ['brand_id', 'oauth_provider', 'oauth_user_id'],
          missing: ['brand_id', 'oauth_user_id'],
        },
      ],
      [
        { brand_id: brandId, oauth_provider: 'myspace', oauth_user_id: '583231' },
        400,
        {
          error: 'Invalid OAuth provider',
          valid_providers: ['discord', 'twitter', 'github', 'google', 'telegram', 'spotify', 'instagram', 'tiktok'],
        },
      ],
      [
        { brand_id: `0x${'7'.repeat(40)}`, oauth_provider: 'github', oauth_user_id: '583231' },
        404,
        { error: 'Brand not found', brand_id: `0x${'7'.repeat(40)}` },
      ],
    ]
    for (const [body, status, expected] of cases) {
      const res = await post(body)
      expect(res.status).toBe(status)
      expect(res.headers.get('content-type')).toMatch(/application\/json/)
      expect(await res.json()).toEqual(expected)
    }

    const discord = await post({ brand_id: brandId, oauth_provider: 'discord', oauth_user_id: 'nelly#1337' })
    expect(discord.status).toBe(400)
    const d = await discord.json()
    expect(Object.keys(d).sort()).toEqual(['details', 'error', 'example'])
    expect(d).toMatchObject({ error: 'Invalid Discord user ID', example: '80351110224678912' })

    for (const [provider, id] of [
      ['github', 'octocat@github.com'],
      ['github', 'octocat'],
      ['discord', '111111111111111111'],
      ['google', '123456789012345678901'],
    ] as const) {
      const res = await post({ brand_id: brandId, oauth_provider: provider, oauth_user_id: id })
      expect(res.status).toBe(400)
      const b = await res.json()
      expect(Object.keys(b).sort()).toEqual(['error', 'hint', 'provider'])
      expect(b).toMatchObject({ error: 'Invalid OAuth credentials', provider })
    }
    const username = await post({
      brand_id: brandId,
      oauth_provider: 'github',
      oauth_user_id: '583231',
      oauth_username: '-bad-',
    })
    expect(await username.json()).toMatchObject({ error: 'Invalid OAuth credentials', provider: 'github' })

    const malformed = await post('{"brand_id": ')
    expect(malformed.status).toBe(400)
    expect((await malformed.json()).error).toBe('Malformed JSON body')
  })

  it('limits a brand to 100 requests a minute across server processes (429 with headers)', async () => {
    const brand = (await s.runtime.engine.brands.create({ name: 'Busy', websites: [] })).brand.id
    const secondsLeft = 60 - new Date().getUTCSeconds()
    if (secondsLeft < 15) await new Promise((r) => setTimeout(r, secondsLeft * 1000 + 200))
    const other = await startSecondApp(db, s)
    try {
      const id = discordId()
      for (let i = 0; i < 100; i++) {
        const res = await post(
          { brand_id: brand, oauth_provider: 'discord', oauth_user_id: id },
          i % 2 ? other.base : s.base,
        )
        expect(res.status, `request ${i + 1}`).toBe(200)
        expect(res.headers.get('x-ratelimit-remaining')).toBe(String(99 - i))
      }
      const limited = await post({ brand_id: brand, oauth_provider: 'discord', oauth_user_id: id }, other.base)
      expect(limited.status).toBe(429)
      expect(limited.headers.get('x-ratelimit-limit')).toBe('100')
      expect(limited.headers.get('x-ratelimit-remaining')).toBe('0')
      expect(Number(limited.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000)
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
      const body = await limited.json()
      expect(body.error).toBe('Rate limit exceeded, please try again later')
      expect(body).toMatchObject({ window: 'minute', limit: 100 })
      // Other brands are not affected.
      expect((await post({ brand_id: brandId, oauth_provider: 'discord', oauth_user_id: id })).status).toBe(200)
    } finally {
      await other.close()
    }
  })

  it('limits a brand per day too (limit lowered for the test)', async () => {
    const brand = (await s.runtime.engine.brands.create({ name: 'Daily', websites: [] })).brand.id
    const other = await startSecondApp(db, s, {}, { pregeneration: { limits: { perMinute: 1000, perDay: 3 } } })
    try {
      for (let i = 0; i < 3; i++) {
        expect(
          (await post({ brand_id: brand, oauth_provider: 'github', oauth_user_id: '583231' }, other.base)).status,
        ).toBe(200)
      }
      const limited = await post({ brand_id: brand, oauth_provider: 'github', oauth_user_id: '583231' }, other.base)
      expect(limited.status).toBe(429)
      expect(await limited.json()).toMatchObject({
        error: 'Rate limit exceeded, please try again later',
        window: 'day',
        limit: 3,
      })
    } finally {
      await other.close()
    }
  })
})
