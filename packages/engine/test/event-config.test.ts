import { isLoyaltyError } from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { describe, expect, it } from 'vitest'
import { createBrand } from '../src/brands/create-brand'
import { getEventConfig } from '../src/events/get-event-config'
import { processBulkEvents } from '../src/events/process-bulk-events'
import { setRule } from '../src/rules/set-rule'
import { testDatabases, useTestStorage } from './support/test-databases'

describe.each(testDatabases())('event config and bulk events on $dialect', (db) => {
  const t = useTestStorage(db)

  it('answers the spec shape, with custom events, and drops the cache when a rule changes', async () => {
    const ctx = createTestContext(t.storage)
    const { brand } = await createBrand(ctx, { name: 'Cfg', websites: ['https://cfg.example.com'] })
    const first = await getEventConfig(ctx, { brandId: brand.id })
    expect(first.count).toBe(6)
    expect(first.events.find((e) => e.eventType === 'account_creation')).toEqual({
      eventId: 'account_creation',
      eventType: 'account_creation',
      rewardAmount: 100,
      maxClaims: 1,
      cooldownHours: 24,
      detectionMethod: 'url_pattern',
      detectionConfig: { urlPatterns: [], successSelectors: [] },
      isCustom: false,
    })
    expect(await getEventConfig(ctx, { brandId: brand.id })).toBe(first)

    await setRule(ctx, { brandId: brand.id, eventType: 'quiz_done', custom: true, rewardAmount: 7, maxTotalClaims: 10 })
    const second = await getEventConfig(ctx, { brandId: brand.id })
    expect(second).not.toBe(first)
    expect(second.events.find((e) => e.isCustom)).toMatchObject({ eventId: 'custom_quiz_done', maxTotalClaims: 10 })

    await setRule(ctx, { brandId: brand.id, eventType: 'form_submit', enabled: false })
    expect((await getEventConfig(ctx, { brandId: brand.id })).events.map((e) => e.eventType)).not.toContain(
      'form_submit',
    )
  })

  it('refuses a missing or unknown brand', async () => {
    const ctx = createTestContext(t.storage)
    const codes = await Promise.all(
      [{}, { brandId: 'x' }, { brandId: `0x${'7'.repeat(40)}` }].map((p) =>
        getEventConfig(ctx, p as never).then(
          () => 'ok',
          (e) => (isLoyaltyError(e) ? e.code : 'other'),
        ),
      ),
    )
    expect(codes).toEqual(['VALIDATION_FAILED', 'VALIDATION_FAILED', 'BRAND_NOT_FOUND'])
  })

  it('judges bulk items independently, in input order', async () => {
    const ctx = createTestContext(t.storage)
    const { brand } = await createBrand(ctx, { name: 'Bulk', websites: ['https://bulk.example.com'] })
    const base = { brandId: brand.id, domain: 'bulk.example.com' }
    const result = await processBulkEvents(
      ctx,
      {
        events: [
          { ...base, eventType: 'account_creation', userEmail: 'a@example.com' },
          { ...base, eventType: 'account_creation', userEmail: 'a@example.com' },
          { ...base, eventType: 'nope_type', userEmail: 'b@example.com' },
          { ...base, eventType: 'account_creation', userEmail: 'not-an-email' },
          { ...base, eventType: 'newsletter_subscribe', userEmail: 'b@example.com' },
          { ...base, eventType: 'form_submit', userEmail: 'c@example.com', metadata: { blob: 'x'.repeat(11_000) } },
        ],
      },
      { mintWaitMs: 0 },
    )
    expect(result.processed).toBe(2)
    expect(result.failed).toBe(4)
    expect(result.results.map((r) => (r.success ? 'ok' : r.code))).toEqual([
      'ok',
      'DUPLICATE_EVENT',
      'EVENT_TYPE_NOT_CONFIGURED',
      'VALIDATION_FAILED',
      'ok',
      'PAYLOAD_TOO_LARGE',
    ])
    // Refused items wrote nothing; accepted ones committed together.
    const rows = await t.database.db
      .selectFrom('reward_events')
      .select('user_email')
      .where('brand_id', '=', brand.id)
      .execute()
    expect(rows.map((r) => r.user_email).sort()).toEqual(['a@example.com', 'b@example.com'])
  })

  it('refuses more than 100 events or none', async () => {
    const ctx = createTestContext(t.storage)
    const one = { brandId: `0x${'1'.repeat(40)}`, eventType: 'x', userEmail: 'a@example.com' }
    for (const events of [[], Array.from({ length: 101 }, () => one), 'nope']) {
      await expect(processBulkEvents(ctx, { events } as never)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' })
    }
  })
})
