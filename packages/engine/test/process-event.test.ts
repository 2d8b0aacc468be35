import { isLoyaltyError } from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { describe, expect, it } from 'vitest'
import { createBrand } from '../src/brands/create-brand'
import { acceptEvent } from '../src/events/accept-event'
import { processEvent } from '../src/events/process-event'
import { setRule } from '../src/rules/set-rule'
import { testDatabases, useTestStorage } from './support/test-databases'

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p
    return 'ok'
  } catch (e) {
    if (isLoyaltyError(e)) return e.code
    throw e
  }
}

describe.each(testDatabases())('processEvent on $dialect', (db) => {
  const t = useTestStorage(db)

  async function brand() {
    const ctx = createTestContext(t.storage)
    const { brand, keys } = await createBrand(ctx, { name: 'Shop', websites: ['https://shop.example.com'] })
    return { ctx, brandId: brand.id, keys }
  }

  it('accepts a first event, creates the wallet once and enqueues one mint', async () => {
    const { ctx, brandId } = await brand()
    const body = { brandId, eventType: 'account_creation', userEmail: 'Ann@Example.com', domain: 'shop.example.com' }
    const first = await processEvent(ctx, body, { mintWaitMs: 0 })
    expect(first).toMatchObject({
      eventType: 'account_creation',
      rewardAmount: 100,
      walletCreated: true,
      status: 'pending',
    })
    const stored = await t.storage.events.get(first.eventId)
    expect(stored).toMatchObject({ userEmail: 'ann@example.com', walletAddress: first.walletAddress })
    const jobs = await t.database.db.selectFrom('mint_jobs').selectAll().where('ref', '=', first.eventId).execute()
    expect(jobs).toHaveLength(1)

    await setRule(ctx, { brandId, eventType: 'form_submit', maxClaims: -1, cooldownHours: 0 })
    const other = await processEvent(ctx, { ...body, eventType: 'form_submit' }, { mintWaitMs: 0 })
    expect(other.walletCreated).toBe(false)
    expect(other.walletAddress).toBe(first.walletAddress)
  })

  it('refuses duplicates, max claims and cooldowns with their codes', async () => {
    const { ctx, brandId, keys } = await brand()
    const body = { brandId, eventType: 'complete_survey', userEmail: 'bob@example.com', domain: 'shop.example.com' }
    expect(await codeOf(acceptEvent(ctx, body))).toBe('ok')
    expect(await codeOf(acceptEvent(ctx, body))).toBe('DUPLICATE_EVENT')
    expect(await codeOf(acceptEvent(ctx, body, { duplicateWindowMs: 0 }))).toBe('MAX_CLAIMS_REACHED')
    await setRule(ctx, { brandId, eventType: 'complete_survey', maxClaims: 5, cooldownHours: 24 })
    expect(await codeOf(acceptEvent(ctx, body, { duplicateWindowMs: 0 }))).toBe('COOLDOWN_ACTIVE')
    const skip = { ...body, metadata: { skip_cooldown: true } }
    expect(await codeOf(acceptEvent(ctx, skip, { duplicateWindowMs: 0 }))).toBe('ok')
    const internal = { ...body, metadata: { source: 'chat_manual_reward' } }
    await setRule(ctx, { brandId, eventType: 'complete_survey', maxClaims: 1, cooldownHours: 24, maxTotalClaims: 3 })
    // An internal source bypasses the per-user limits only for a caller holding the brand's key.
    expect(await codeOf(acceptEvent(ctx, internal, { duplicateWindowMs: 0 }))).toBe('MAX_CLAIMS_REACHED')
    expect(await codeOf(acceptEvent(ctx, internal, { apiKey: 'lk_not-a-key' }))).toBe('INVALID_API_KEY')
    const other = await createBrand(ctx, { name: 'Other', websites: [] })
    expect(await codeOf(acceptEvent(ctx, internal, { apiKey: other.keys.apiKey }))).toBe('API_KEY_BRAND_MISMATCH')
    expect(await codeOf(acceptEvent(ctx, internal, { apiKey: keys.apiKey }))).toBe('ok')
    expect(await codeOf(acceptEvent(ctx, internal, { apiKey: keys.apiKey }))).toBe('MAX_TOTAL_CLAIMS_REACHED')
  })

  it('authorizes the domain and refuses an Origin naming another site', async () => {
    const { ctx, brandId } = await brand()
    const body = { brandId, eventType: 'newsletter_subscribe', userEmail: 'cy@example.com' }
    expect(await codeOf(acceptEvent(ctx, { ...body, domain: 'evil.com' }))).toBe('DOMAIN_NOT_AUTHORIZED')
    expect(await codeOf(acceptEvent(ctx, body))).toBe('DOMAIN_NOT_AUTHORIZED')
    expect(
      await codeOf(acceptEvent(ctx, { ...body, domain: 'shop.example.com' }, { origin: 'https://evil.com' })),
    ).toBe('DOMAIN_NOT_AUTHORIZED')
    expect(await codeOf(acceptEvent(ctx, body, { origin: 'https://www.shop.example.com' }))).toBe('ok')
  })

  it('refuses unknown brands, unconfigured events and bad channels', async () => {
    const { ctx, brandId } = await brand()
    const body = { brandId, eventType: 'account_creation', userEmail: 'dee@example.com', domain: 'shop.example.com' }
    expect(await codeOf(acceptEvent(ctx, { ...body, brandId: `0x${'9'.repeat(40)}` }))).toBe('BRAND_NOT_FOUND')
    expect(await codeOf(acceptEvent(ctx, { ...body, eventType: 'referral' }))).toBe('EVENT_TYPE_NOT_CONFIGURED')
    expect(await codeOf(acceptEvent(ctx, { ...body, brandId: 'nope' }))).toBe('VALIDATION_FAILED')
    await setRule(ctx, {
      brandId,
      eventType: 'custom_discord_hello',
      custom: true,
      rewardAmount: 5,
      channels: ['general', '#vip'],
    })
    const chat = { ...body, eventType: 'custom_discord_hello' }
    expect(await codeOf(acceptEvent(ctx, { ...chat, channel_id: 'random' }))).toBe('CHANNEL_NOT_ALLOWED')
    expect(await codeOf(acceptEvent(ctx, { ...chat, channel_id: 'VIP' }))).toBe('ok')
  })

  it('lets exactly one of 40 concurrent identical events through', async () => {
    const { ctx, brandId } = await brand()
    const body = { brandId, eventType: 'rate_experience', userEmail: 'eve@example.com', domain: 'shop.example.com' }
    const codes = await Promise.all(Array.from({ length: 40 }, () => codeOf(acceptEvent(ctx, body))))
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1)
    const wallets = await t.database.db
      .selectFrom('wallets')
      .selectAll()
      .where('owner_key', '=', 'email:eve@example.com')
      .execute()
    expect(wallets).toHaveLength(1)
  })
})
