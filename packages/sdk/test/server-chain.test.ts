import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  getPerkStatusResponseSchema,
  listPerkHoldersResponseSchema,
  listPointsSaleItemsResponseSchema,
  redeemPerkChargesResponseSchema,
  relayResponseSchema,
  tokensDistributedEventSchema,
} from '@loyaltykit/engine/schemas'
import { beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '../../server-express/test/helpers/start-test-server'
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  createLoyaltyClient,
  type LoyaltyClient,
} from '../src/index'
import { expectWire } from './helpers/expect-wire'
import { useSdkServerWorld } from './helpers/sdk-server-world'

/** `claimFor(address user, uint256 collectionId)` of the PerkCollection contract. */
const CLAIM_FOR_SELECTOR = '0x0de05659'
/** `purchaseFor(address buyer, uint256 itemId, uint256 quantity)` of the PointsSale contract. */
const PURCHASE_FOR_SELECTOR = '0x6d51282c'
const word = (hex: string) => hex.replace(/^0x/, '').padStart(64, '0')

describe('@loyaltykit/sdk against the real server: relay, perks, points sale, webhooks', () => {
  const w = useSdkServerWorld()
  const { permitFor, tokenDomain } = w
  let s: TestServer
  let brandId: string
  let keys: { apiKey: string; dnsKey: string; securityKey: string }
  let loyalty: LoyaltyClient
  beforeAll(() => {
    ;({ s, brandId, keys, loyalty } = w)
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
