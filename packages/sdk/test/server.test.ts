import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  checkEligibilityResponseSchema,
  createCheckoutResponseSchema,
  debugResponseSchema,
  devLoginResponseSchema,
  diagnosticResponseSchema,
  getEventConfigResponseSchema,
  getPerkStatusResponseSchema,
  getUserWalletResponseSchema,
  healthResponseSchema,
  invalidateConstraintCacheResponseSchema,
  listPerkHoldersResponseSchema,
  listPointsSaleItemsResponseSchema,
  mintForPaymentResponseSchema,
  pregenerateUserResponseSchema,
  processBulkEventsResponseSchema,
  processEventResponseSchema,
  redeemPerkChargesResponseSchema,
  relayResponseSchema,
  signUserTypedDataResponseSchema,
  tokensDistributedEventSchema,
  verifyDnsResponseSchema,
} from '@loyaltykit/engine/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// The engine's loopback DNS server (dns2) for verify-dns, and the whole server on a test database.
import { startTxtDnsServer } from '../../engine/test/support/txt-dns-server'
import { startTestServer, type TestServer } from '../../server-express/test/helpers/start-test-server'
import { type TestDatabase, testDialects } from '../../server-express/test/helpers/test-databases'
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  createLoyaltyClient,
  type LoyaltyClient,
  PermissionError,
  type SignTypedDataParams,
  type SignTypedDataResponse,
} from '../src/index'
import { expectWire } from './helpers/expect-wire'

// The SDK against the real server (embedded EDR chain, local payment and identity providers) on
// SQLite: the client does not care which database answers; packages/server-express/test covers both.
const SITE = 'https://shop.example.com'
const sqlite = testDialects.find((d) => d.dialect === 'sqlite')!

/** `claimFor(address user, uint256 collectionId)` of the PerkCollection contract. */
const CLAIM_FOR_SELECTOR = '0x0de05659'
/** `purchaseFor(address buyer, uint256 itemId, uint256 quantity)` of the PointsSale contract. */
const PURCHASE_FOR_SELECTOR = '0x6d51282c'
const word = (hex: string) => hex.replace(/^0x/, '').padStart(64, '0')

describe('@loyaltykit/sdk against the real server', () => {
  let db: TestDatabase
  let s: TestServer
  let dns: Awaited<ReturnType<typeof startTxtDnsServer>>
  const records = new Map<string, string[]>()
  let brandId: string
  let keys: { apiKey: string; dnsKey: string; securityKey: string }
  let loyalty: LoyaltyClient
  let trusted: LoyaltyClient

  beforeAll(async () => {
    db = await sqlite.create()
    dns = await startTxtDnsServer(records)
    s = await startTestServer(db, {
      LOYALTYKIT_DNS_SERVERS: dns.server,
      LOYALTYKIT_MINT_WAIT_MS: '20000',
      LOYALTYKIT_WEBHOOK_POLL_MS: '50',
    })
    const created = await s.runtime.engine.brands.create({ name: 'Shop', websites: [SITE] })
    brandId = created.brand.id
    keys = created.keys
    loyalty = createLoyaltyClient({ baseUrl: s.base, headers: { 'x-api-version': 'v1' } })
    trusted = createLoyaltyClient({ baseUrl: s.base, apiKey: keys.apiKey })
  }, 120_000)

  /** ERC-2612 typed data of the points token. */
  const permitFor = (p: { owner: string; spender: string; value: string }, domain: SignTypedDataParams['domain']) => ({
    domain,
    types: {
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit',
    message: { ...p, nonce: '0', deadline: String(Math.floor(Date.now() / 1000) + 3600) },
  })
  /** The token's EIP-712 domain, as the server names it in the 403 details of a permit with a wrong one. */
  const tokenDomain = async (accessToken: string, owner: string): Promise<SignTypedDataParams['domain']> => {
    const wrong = { name: 'x', version: '1', chainId: 1, verifyingContract: owner }
    const refused = await loyalty.wallet
      .signTypedData(permitFor({ owner, spender: owner, value: '1' }, wrong), { accessToken })
      .catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(PermissionError)
    return ((refused as PermissionError).details as { expected: SignTypedDataParams['domain'] }).expected
  }
  afterAll(async () => {
    await s?.close()
    await dns?.close()
    await db?.drop()
  })

  it('health, diagnostic and debug answer their schemas', async () => {
    const health = expectWire(healthResponseSchema, await loyalty.health.get())
    expect(health.status).toBe('healthy')
    expectWire(diagnosticResponseSchema, await loyalty.diagnostic.get())
    const debug = expectWire(debugResponseSchema, await loyalty.debug.get())
    expect(debug.path).toBe('/loyalty-api/debug')
  })

  it('eventConfig.get: the six default rules', async () => {
    const config = expectWire(getEventConfigResponseSchema, await loyalty.eventConfig.get({ brandId }))
    expect(config.brandId).toBe(brandId)
    expect(config.events.map((e) => e.eventType)).toContain('account_creation')
    expect(config.count).toBe(config.events.length)
  })

  it('events.track rewards with a real mint; validation errors come back as BadRequestError', async () => {
    const reward = expectWire(
      processEventResponseSchema,
      await loyalty.events.track({
        brandId,
        eventType: 'account_creation',
        userEmail: 'ada@example.com',
        domain: 'shop.example.com',
      }),
    )
    expect(reward).toMatchObject({ rewardAmount: 100, walletCreated: true, status: 'confirmed' })
    expect(reward.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)

    const error = await loyalty.events
      .track({ brandId: 'NOPE', eventType: 'account_creation', userEmail: 'x' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BadRequestError)
    expect((error as BadRequestError).requestId).toMatch(/\S/)
    expect(JSON.stringify((error as BadRequestError).details)).toContain('brandId')
  })

  it('events.checkEligibility: the dry run of track, every reason listed; the client apiKey makes internal sources trusted', async () => {
    const event = { brandId, eventType: 'complete_survey', userEmail: 'eve@example.com', domain: 'shop.example.com' }
    expect(expectWire(checkEligibilityResponseSchema, await loyalty.events.checkEligibility(event))).toEqual({
      eligible: true,
      rewardAmount: 75,
      reasons: [],
    })
    await loyalty.events.track(event)
    const refused = expectWire(checkEligibilityResponseSchema, await loyalty.events.checkEligibility(event))
    expect(refused).toMatchObject({ eligible: false, rewardAmount: 75 })
    expect(refused.reasons.map((r) => r.code)).toEqual(['duplicate', 'max_claims', 'cooldown'])
    const cooldown = refused.reasons.find((r) => r.code === 'cooldown')
    expect(cooldown?.code === 'cooldown' && cooldown.retryAfterSeconds).toBeGreaterThan(86_000)

    const internal = { ...event, metadata: { source: 'chat_manual_reward' } }
    expect((await loyalty.events.checkEligibility(internal)).eligible).toBe(false)
    expect(await trusted.events.checkEligibility(internal)).toEqual({ eligible: true, rewardAmount: 75, reasons: [] })
    const wrongKey = createLoyaltyClient({ baseUrl: s.base, apiKey: 'lk_wrong' })
    expect(await wrongKey.events.checkEligibility(internal).catch((e: unknown) => e)).toBeInstanceOf(
      AuthenticationError,
    )
  })

  it('events.bulk: per-item results; the client apiKey authenticates the brand (a wrong one is a 401)', async () => {
    const item = { brandId, userEmail: 'bob@example.com', domain: 'shop.example.com' }
    const bulk = expectWire(
      processBulkEventsResponseSchema,
      await trusted.events.bulk({
        events: [
          { ...item, eventType: 'newsletter_subscribe' },
          { ...item, eventType: 'not_configured_here' },
        ],
      }),
    )
    expect(bulk).toMatchObject({ processed: 1, failed: 1 })
    expect(bulk.results[0]?.success).toBe(true)
    expect(bulk.results[1]).toMatchObject({ success: false, eventId: null })

    const wrongKey = createLoyaltyClient({ baseUrl: s.base, apiKey: 'lk_wrong' })
    const error = await wrongKey.events.track({ ...item, eventType: 'form_submit' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AuthenticationError)
  })

  it('dns.verify reads the TXT record at _loyalty.<domain>', async () => {
    const before = expectWire(verifyDnsResponseSchema, await loyalty.dns.verify({ domain: 'shop.example.com' }))
    expect(before).toMatchObject({ dnsConfigured: false, brandId: null })
    records.set('_loyalty.shop.example.com', [`brand_id=${brandId};api_key=${keys.dnsKey}`])
    const after = expectWire(verifyDnsResponseSchema, await loyalty.dns.verify({ domain: 'shop.example.com' }))
    expect(after).toMatchObject({ domain: 'shop.example.com', dnsConfigured: true, brandId })
  })

  it('payments: createCheckout, pay on the local checkout page, mint (idempotent)', async () => {
    const checkout = expectWire(
      createCheckoutResponseSchema,
      await loyalty.payments.createCheckout({
        brandId,
        amount: 250,
        userEmail: 'carol@example.com',
        successUrl: `${SITE}/thanks?session={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${SITE}/cart`,
      }),
    )
    expect(checkout).toMatchObject({ tokenAmount: 2500, usdAmount: 2.5 })

    const early = await loyalty.payments.mint({ sessionId: checkout.sessionId }, { maxRetries: 0 }).catch((e) => e)
    expect(early.status).toBeGreaterThanOrEqual(400)
    expect(early.message).toMatch(/not completed/i)

    const paid = await fetch(`${s.base}/loyalty-api/dev-checkout/${checkout.sessionId}/pay`, {
      method: 'POST',
      redirect: 'manual',
    })
    expect(paid.status).toBe(303)
    const first = expectWire(
      mintForPaymentResponseSchema,
      await loyalty.payments.mint({ sessionId: checkout.sessionId }),
    )
    const again = expectWire(
      mintForPaymentResponseSchema,
      await loyalty.payments.mint({ sessionId: checkout.sessionId }),
    )
    expect(again.alreadyProcessed).toBe(true)
    expect(again.txHash).toBe(first.txHash)
    expect(first).toMatchObject({
      walletAddress: checkout.walletAddress,
      tokenAmount: 2500,
      sessionId: checkout.sessionId,
    })
  })

  it('pregeneration.pregenerateUser: get-or-create; spec error bodies keep their extra fields', async () => {
    const params = {
      brand_id: brandId,
      oauth_provider: 'github',
      oauth_user_id: '5837214',
      oauth_username: 'ada-l',
    } as const
    const created = expectWire(pregenerateUserResponseSchema, await loyalty.pregeneration.pregenerateUser(params))
    expect(created.created_new).toBe(true)
    const again = expectWire(pregenerateUserResponseSchema, await loyalty.pregeneration.pregenerateUser(params))
    expect(again).toMatchObject({ created_new: false, wallet_address: created.wallet_address })

    const error = await loyalty.pregeneration
      // @ts-expect-error: not one of the eight providers
      .pregenerateUser({ ...params, oauth_provider: 'myspace' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BadRequestError)
    expect((error as BadRequestError).details).toMatchObject({ valid_providers: expect.arrayContaining(['github']) })
  })

  it('constraints.invalidate: Bearer apiKey when the client has one, else the unauthenticated path', async () => {
    const result = expectWire(
      invalidateConstraintCacheResponseSchema,
      await trusted.constraints.invalidate({ api_url: 'https://api.example.com/eligible' }),
    )
    expect(result.invalidated_count).toBe(0)
    expectWire(
      invalidateConstraintCacheResponseSchema,
      await loyalty.constraints.invalidate({ api_url: 'https://api.example.com/eligible', collection_id: 1 }),
    )
    const wrongKey = createLoyaltyClient({ baseUrl: s.base, apiKey: 'lk_wrong' })
    await expect(wrongKey.constraints.invalidate({ api_url: 'https://x.example' })).rejects.toBeInstanceOf(
      AuthenticationError,
    )
    const missing = await loyalty.constraints.invalidate({ api_url: '' }).catch((e: unknown) => e)
    expect(missing).toBeInstanceOf(BadRequestError)
  })

  it('auth.devLogin, wallet.get and wallet.signTypedData with the access token', async () => {
    const login = expectWire(devLoginResponseSchema, await loyalty.auth.devLogin({ email: 'ada@example.com' }))
    const options = { accessToken: login.accessToken }
    const wallet = expectWire(getUserWalletResponseSchema, await loyalty.wallet.get(options))
    expect(wallet).toMatchObject({ address: login.walletAddress, balance: '100', custodial: true })
    await expect(loyalty.wallet.get()).rejects.toThrow(/access token/)
    await expect(loyalty.wallet.get({ accessToken: 'not-a-jwt' })).rejects.toBeInstanceOf(AuthenticationError)

    // The server names what it accepts in the 403's details: the token's domain, then the spenders.
    const domain = await tokenDomain(login.accessToken, login.walletAddress)
    const value = '40000000000000000000'
    const wrongSpender = await loyalty.wallet
      .signTypedData(permitFor({ owner: login.walletAddress, spender: wallet.token, value }, domain), options)
      .catch((e: unknown) => e)
    expect(wrongSpender).toBeInstanceOf(PermissionError)
    const { allowed } = (wrongSpender as PermissionError).details as { allowed: string[] }
    const signed: SignTypedDataResponse = expectWire(
      signUserTypedDataResponseSchema,
      await loyalty.wallet.signTypedData(
        permitFor({ owner: login.walletAddress, spender: allowed[0]!, value }, domain),
        options,
      ),
    )
    expect(signed.permit).toMatchObject({ owner: login.walletAddress, value: '40000000000000000000' })
  })

  it('relay.execute claims a perk (permit first); perks.listHolders, status and redeem are brand-signed', async () => {
    const engine = s.runtime.engine
    const perkCollection = s.runtime.chain!.contracts.perkCollection.toLowerCase()
    const perk = await engine.perks.create({ brandId, name: 'Free coffee', price: 30, charges: 3, maxPerUser: 1 })
    await loyalty.events.track({
      brandId,
      eventType: 'account_creation',
      userEmail: 'erin@example.com',
      domain: 'shop.example.com',
    })
    const { accessToken, walletAddress } = await loyalty.auth.devLogin({ email: 'erin@example.com' })
    const domain = await tokenDomain(accessToken, walletAddress)
    const { permit } = await loyalty.wallet.signTypedData(
      permitFor({ owner: walletAddress, spender: perkCollection, value: String(30n * 10n ** 18n) }, domain),
      { accessToken },
    )
    const claim = {
      to: perkCollection,
      data: `${CLAIM_FOR_SELECTOR}${word(walletAddress)}${word(perk.collectionId.toString(16))}`,
      userAddress: walletAddress,
      metadata: { action: 'claim_perk', perkId: perk.id, permit },
    }
    const relayed = expectWire(relayResponseSchema, await loyalty.relay.execute(claim, { accessToken }))
    expect(relayed).toMatchObject({ status: 'confirmed', to: perkCollection })
    const again = await loyalty.relay
      .execute({ ...claim, metadata: { action: 'claim_perk' } }, { accessToken })
      .catch((e: unknown) => e)
    expect(again).toBeInstanceOf(ConflictError)
    expect((again as ConflictError).code).toBe('CLAIM_LIMIT_REACHED')

    const brand = createLoyaltyClient({ baseUrl: s.base, brandId, brandSecurityKey: keys.securityKey })
    const page = expectWire(
      listPerkHoldersResponseSchema,
      await brand.perks.listHolders({ collectionId: perk.collectionId }),
    )
    expect(page).toMatchObject({ total: 1, hasMore: false, name: 'Free coffee' })
    const tokenId = page.holders[0]!.tokenId
    expect(page.holders[0]).toMatchObject({ owner: walletAddress, chargesRemaining: 3, status: 'active' })
    const status = expectWire(
      getPerkStatusResponseSchema,
      await brand.perks.status({ collectionId: perk.collectionId, tokenId }),
    )
    expect(status).toMatchObject({ chargesRemaining: 3, chargesTotal: 3 })
    const redeemed = expectWire(
      redeemPerkChargesResponseSchema,
      await brand.perks.redeem({ collectionId: perk.collectionId, tokenId, charges: 2 }),
    )
    expect(redeemed).toMatchObject({ chargesUsed: 2, chargesRemaining: 1, owner: walletAddress })

    const forged = createLoyaltyClient({ baseUrl: s.base, brandId, brandSecurityKey: 'not-the-key' })
    await expect(forged.perks.status({ collectionId: perk.collectionId, tokenId })).rejects.toBeInstanceOf(
      AuthenticationError,
    )
  })

  it('pointsSale.list (public) shows an item; a custodial user buys it with a permit to the sale', async () => {
    const added = await s.runtime.engine.pointsSale.add({ brandId, name: 'Tote bag', price: 5, stock: 3 })
    const listing = expectWire(
      listPointsSaleItemsResponseSchema,
      await loyalty.pointsSale.list({ brandId, available: true, limit: 10 }),
    )
    const item = listing.items.find((i) => i.itemId === added.itemId)!
    expect(item).toMatchObject({ name: 'Tote bag', price: '5', stock: '3', seller: brandId })
    await loyalty.events.track({
      brandId,
      eventType: 'account_creation',
      userEmail: 'fay@example.com',
      domain: 'shop.example.com',
    })
    const { accessToken, walletAddress } = await loyalty.auth.devLogin({ email: 'fay@example.com' })
    const domain = await tokenDomain(accessToken, walletAddress)
    const value = String(BigInt(item.priceWei) * 2n)
    const { permit } = await loyalty.wallet.signTypedData(
      permitFor({ owner: walletAddress, spender: listing.contract, value }, domain),
      { accessToken },
    )
    const bought = await loyalty.relay.execute(
      {
        to: listing.contract,
        data: `${PURCHASE_FOR_SELECTOR}${word(walletAddress)}${word(item.itemId.toString(16))}${word('2')}`,
        userAddress: walletAddress,
        metadata: { action: 'purchase', permit },
      },
      { accessToken },
    )
    expect(bought).toMatchObject({ status: 'confirmed', to: listing.contract })
    const after = await loyalty.pointsSale.list({ brandId })
    expect(after.items.find((i) => i.itemId === added.itemId)).toMatchObject({ stock: '1', sold: '2' })
    const wallet = await loyalty.wallet.get({ accessToken })
    expect(wallet.balance).toBe('90') // account_creation 100 − 2 × 5
    await expect(loyalty.pointsSale.list({ limit: 0 })).rejects.toBeInstanceOf(BadRequestError)
  })

  it('webhooks.verify accepts a real tokens_distributed delivery', async () => {
    const deliveries: { body: string; headers: Record<string, string | string[] | undefined> }[] = []
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        deliveries.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers })
        res.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
      const { secret } = await s.runtime.engine.webhooks.setEndpoint({ brandId, url })
      const reward = await loyalty.events.track({
        brandId,
        eventType: 'rate_experience',
        userEmail: 'dan@example.com',
        domain: 'shop.example.com',
      })
      const ours = () => deliveries.find((d) => d.body.includes(reward.walletAddress))
      await expect.poll(ours, { timeout: 15_000, interval: 50 }).toBeDefined()
      const delivery = ours()!
      const event = await loyalty.webhooks.verify(delivery.body, delivery.headers, secret)
      expectWire(tokensDistributedEventSchema, event)
      expect(event).toMatchObject({ brandId, walletAddress: reward.walletAddress, tokenAmount: 50 })
      expect(event.transactionHash).toBe(reward.transactionHash)
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()))
    }
  })
})
