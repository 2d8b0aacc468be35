import { randomBytes } from 'node:crypto'
import { createLocalTokenIssuer, generateIdentitySigningKey } from '@loyaltykit/engine'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  APP_ID,
  APP_SECRET,
  BASIC,
  type PrivyApiMock,
  type PrivyUser,
  startPrivyApiMock,
} from './helpers/privy-api-mock'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

/**
 * The hosted identity provider against Privy's REST API as Privy documents it (docs/identity.md),
 * answered by msw at the HTTP boundary (helpers/privy-api-mock.ts); everything else (server, engine,
 * database, chain) is real.
 */
describe.each(testDialects)('hosted identity provider (Privy REST API) on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let brandId: string
  let privy: PrivyApiMock

  const pregenerate = (body: Record<string, unknown>) =>
    fetch(`${s.base}/loyalty-api/pregenerate-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ brand_id: brandId, ...body }),
    })
  const creates = () => privy.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/users').length

  beforeAll(async () => {
    privy = await startPrivyApiMock()
    db = await create()
    s = await startTestServer(db, {
      LOYALTYKIT_IDENTITY_PROVIDER: 'privy',
      LOYALTYKIT_PRIVY_APP_ID: APP_ID,
      LOYALTYKIT_PRIVY_APP_SECRET: APP_SECRET,
    })
    brandId = (await s.runtime.engine.brands.create({ name: 'Guild', websites: [] })).brand.id
  })
  afterAll(async () => {
    privy?.close()
    await s?.close()
    await db?.drop()
  })

  it('creates a Privy user with the linked account and an embedded wallet, once', async () => {
    const before = privy.requests.length
    const res = await pregenerate({
      oauth_provider: 'discord',
      oauth_user_id: '80351110224678912',
      oauth_username: 'nelly',
    })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ success: true, created_new: true, oauth_provider: 'discord' })
    expect(body.privy_user_id).toMatch(/^did:privy:/)
    const sent = privy.requests.slice(before)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/users',
      auth: BASIC,
      appId: APP_ID,
      body: {
        linked_accounts: [{ type: 'discord_oauth', subject: '80351110224678912', username: 'nelly' }],
        create_ethereum_wallet: true,
      },
    })
    const user = privy.users.get(body.privy_user_id) as PrivyUser
    const wallet = user.linked_accounts.find((a) => a.type === 'wallet') as { address: string }
    expect(body.wallet_address).toBe(wallet.address.toLowerCase())
    // The wallet lives at Privy: no custodial key here.
    expect(await s.runtime.storage.wallets.findByAddress(body.wallet_address)).toBeUndefined()

    const again = await (await pregenerate({ oauth_provider: 'discord', oauth_user_id: '80351110224678912' })).json()
    expect(again).toMatchObject({
      created_new: false,
      wallet_address: body.wallet_address,
      privy_user_id: body.privy_user_id,
    })
    expect(privy.requests.length - before).toBe(1)
  })

  it('maps each provider to the linked account type Privy documents', async () => {
    const cases = [
      ['telegram', '5372981046', 'durov', { type: 'telegram', telegram_user_id: '5372981046', username: 'durov' }],
      [
        'google',
        '110169484474386276334',
        'ann@gmail.com',
        { type: 'google_oauth', subject: '110169484474386276334', email: 'ann@gmail.com' },
      ],
      [
        'tiktok',
        '-000ZJ5ZaWoGrkqGmTKWq1r6TCWQsQy7vGkN',
        undefined,
        { type: 'tiktok_oauth', subject: '-000ZJ5ZaWoGrkqGmTKWq1r6TCWQsQy7vGkN' },
      ],
    ] as const
    for (const [provider, id, username, linked] of cases) {
      const before = privy.requests.length
      const res = await pregenerate({
        oauth_provider: provider,
        oauth_user_id: id,
        ...(username ? { oauth_username: username } : {}),
      })
      expect(res.status).toBe(200)
      expect(privy.requests[before]?.body).toMatchObject({ linked_accounts: [linked] })
    }
  })

  it('calls Privy once for 20 concurrent first calls', async () => {
    const before = creates()
    const bodies = await Promise.all(
      Array.from({ length: 20 }, async () =>
        (await pregenerate({ oauth_provider: 'github', oauth_user_id: '583231' })).json(),
      ),
    )
    expect(creates() - before).toBe(1)
    expect(new Set(bodies.map((b) => b.wallet_address)).size).toBe(1)
    expect(bodies.filter((b) => b.created_new)).toHaveLength(1)
  })

  it('pregenerates the wallet separately when the created user has none', async () => {
    privy.createWithoutWallet = true
    try {
      const before = privy.requests.length
      const body = await (await pregenerate({ oauth_provider: 'instagram', oauth_user_id: '17841405822304914' })).json()
      expect(body.wallet_address).toMatch(/^0x[0-9a-f]{40}$/)
      const sent = privy.requests.slice(before)
      expect(sent.map((r) => r.path)).toEqual(['/api/v1/users', `/api/v1/users/${body.privy_user_id}/wallets`])
      expect(sent[1]?.body).toEqual({ wallets: [{ chain_type: 'ethereum' }] })
    } finally {
      privy.createWithoutWallet = false
    }
  })

  it('answers 502 in the pregeneration shape when Privy refuses, and retries on the next call', async () => {
    privy.failNextCreate = 429
    const res = await pregenerate({ oauth_provider: 'twitter', oauth_user_id: '1354217842569052161' })
    expect(res.status).toBe(502)
    expect(await res.json()).toEqual({
      error: 'The identity provider refused to create a user (HTTP 429)',
      provider: 'privy',
      status: 429,
      providerError: 'Too many requests',
    })
    const retry = await pregenerate({ oauth_provider: 'twitter', oauth_user_id: '1354217842569052161' })
    expect(retry.status).toBe(200)
    expect((await retry.json()).created_new).toBe(true)
  })

  it('verifies Privy access tokens (JWKS, iss privy.io, aud = app id) and answers the Privy wallet', async () => {
    const body = await (
      await pregenerate({ oauth_provider: 'spotify', oauth_user_id: '31l77fd7ts2ov7aakn2ajyzocjyi' })
    ).json()
    const { token } = await privy.issuer.issue({ subject: body.privy_user_id, claims: { sid: 'session-1' } })
    const wallet = await fetch(`${s.base}/wallet`, { headers: { authorization: `Bearer ${token}` } })
    expect(wallet.status).toBe(200)
    expect(await wallet.json()).toMatchObject({
      userId: body.privy_user_id,
      address: body.wallet_address,
      custodial: false,
      balance: '0',
    })

    // A Privy user who never passed through this server: read from Privy.
    const direct = [...privy.users.values()].find((u) => u.id === body.privy_user_id) as PrivyUser
    const outsider: PrivyUser = {
      ...direct,
      id: `did:privy:${randomBytes(12).toString('hex')}`,
      linked_accounts: [privy.walletAccount()],
    }
    privy.users.set(outsider.id, outsider)
    const outsiderToken = (await privy.issuer.issue({ subject: outsider.id })).token
    const seen = await (
      await fetch(`${s.base}/wallet`, { headers: { authorization: `Bearer ${outsiderToken}` } })
    ).json()
    expect(seen.address).toBe((outsider.linked_accounts[0] as { address: string }).address.toLowerCase())

    const unknown = (await privy.issuer.issue({ subject: 'did:privy:nobody' })).token
    expect((await fetch(`${s.base}/wallet`, { headers: { authorization: `Bearer ${unknown}` } })).status).toBe(401)
    const otherApp = await createLocalTokenIssuer({
      privateJwk: await generateIdentitySigningKey(),
      issuer: 'privy.io',
      audience: 'other-app',
    })
    const foreign = (await otherApp.issue({ subject: body.privy_user_id })).token
    expect((await fetch(`${s.base}/wallet`, { headers: { authorization: `Bearer ${foreign}` } })).status).toBe(401)

    // The key is at Privy: this server cannot sign for the user.
    const sign = await fetch(`${s.base}/wallet/sign-typed-data`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ primaryType: 'Permit' }),
    })
    expect(sign.status).toBe(403)
    expect(await sign.json()).toMatchObject({ code: 'WALLET_NOT_CUSTODIAL' })
  })

  it('has no development login, and reports Privy in health', async () => {
    const login = await fetch(`${s.base}/auth/dev-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ann@example.com' }),
    })
    expect(login.status).toBe(403)
    expect((await (await fetch(`${s.base}/loyalty-api/health`)).json()).services.identity).toBe('connected')
    privy.jwksStatus = 503
    try {
      expect((await (await fetch(`${s.base}/loyalty-api/health`)).json()).services.identity).toBe('disconnected')
    } finally {
      privy.jwksStatus = 200
    }
  })
})
