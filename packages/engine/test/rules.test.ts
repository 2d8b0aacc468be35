import { randomBytes } from 'node:crypto'
import { isLoyaltyError, toEventRuleWire } from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { describe, expect, it } from 'vitest'
import { createBrand } from '../src/brands/create-brand'
import { listRules } from '../src/rules/list-rules'
import { setRule } from '../src/rules/set-rule'
import { testDatabases, useTestStorage } from './support/test-databases'

async function errorOf(promise: Promise<unknown>): Promise<{ code: string; details: unknown }> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!isLoyaltyError(err)) throw new Error(`expected a LoyaltyError, got ${String(err)}`)
  return err
}
const fields = (err: { details: unknown }) => (err.details as { field: string }[]).map((d) => d.field)

describe.each(testDatabases())('event rules on $dialect', (db) => {
  const t = useTestStorage(db)
  const newBrand = async () => (await createBrand(createTestContext(t.storage), { name: 'R', websites: [] })).brand.id

  it('changes only the fields given and keeps the rest', async () => {
    const ctx = createTestContext(t.storage, { clock: { now: () => 1_800_000_000_000 } })
    const brandId = await newBrand()
    const rule = await setRule(ctx, { brandId, eventType: 'account_creation', rewardAmount: 300, cooldownHours: 0 })
    expect(rule).toMatchObject({
      rewardAmount: 300,
      cooldownHours: 0,
      maxClaims: 1,
      enabled: true,
      updatedAt: 1_800_000_000_000,
    })
    await setRule(ctx, { brandId, eventType: 'account_creation', maxClaims: -1, urlPatterns: ['/welcome'] })
    const [stored] = (await listRules(ctx, { brandId })).filter((r) => r.eventType === 'account_creation')
    expect(stored).toMatchObject({
      rewardAmount: 300,
      cooldownHours: 0,
      maxClaims: -1,
      detectionConfig: { urlPatterns: ['/welcome'], successSelectors: [] },
    })
  })

  it('creates a new rule with the defaults; a new unknown type needs rewardAmount', async () => {
    const ctx = createTestContext(t.storage)
    const brandId = await newBrand()
    const err = await errorOf(setRule(ctx, { brandId, eventType: 'purchase' }))
    expect(err.code).toBe('VALIDATION_FAILED')
    expect(fields(err)).toEqual(['rewardAmount'])

    const purchase = await setRule(ctx, { brandId, eventType: 'purchase', rewardAmount: 5 })
    expect(purchase).toMatchObject({
      brandId,
      eventType: 'purchase',
      eventId: 'purchase',
      rewardAmount: 5,
      maxClaims: 1,
      cooldownHours: 24,
      maxTotalClaims: null,
      detectionMethod: 'url_pattern',
      isCustom: false,
      enabled: true,
    })
    expect((await listRules(ctx, { brandId })).map((r) => r.eventType)).toContain('purchase')
  })

  it('prefixes custom events with custom_ and marks them custom', async () => {
    const ctx = createTestContext(t.storage)
    const brandId = await newBrand()
    const quiz = await setRule(ctx, { brandId, eventType: 'quiz_done', custom: true, rewardAmount: 15 })
    expect(quiz).toMatchObject({ eventType: 'custom_quiz_done', eventId: 'custom_quiz_done', isCustom: true })
    const already = await setRule(ctx, { brandId, eventType: 'custom_vote', custom: true, rewardAmount: 1 })
    expect(already.eventType).toBe('custom_vote')
    const implicit = await setRule(ctx, { brandId, eventType: 'custom_poll', rewardAmount: 1 })
    expect(implicit.isCustom).toBe(true)
    const long = await errorOf(setRule(ctx, { brandId, eventType: 'x'.repeat(45), custom: true, rewardAmount: 1 }))
    expect(fields(long)).toEqual(['eventType'])
  })

  it('disables and re-enables rules; listRules hides disabled ones unless asked', async () => {
    const ctx = createTestContext(t.storage)
    const brandId = await newBrand()
    await setRule(ctx, { brandId, eventType: 'form_submit', enabled: false })
    expect((await listRules(ctx, { brandId })).map((r) => r.eventType)).not.toContain('form_submit')
    const all = await listRules(ctx, { brandId, includeDisabled: true })
    expect(all.find((r) => r.eventType === 'form_submit')).toMatchObject({ enabled: false, rewardAmount: 10 })
    expect(all.map((r) => r.eventType)).toEqual([...all.map((r) => r.eventType)].sort())
    await setRule(ctx, { brandId, eventType: 'form_submit', enabled: true })
    expect((await listRules(ctx, { brandId })).map((r) => r.eventType)).toContain('form_submit')
  })

  it('sets and clears channels, selectors and the global limit; renders the wire shape', async () => {
    const ctx = createTestContext(t.storage)
    const brandId = await newBrand()
    const chat = await setRule(ctx, {
      brandId,
      eventType: 'chat_hello',
      rewardAmount: 3,
      channels: ['general', 'rewards'],
      successSelectors: ['.thanks'],
      maxTotalClaims: 500,
    })
    expect(toEventRuleWire(chat)).toEqual({
      eventId: 'chat_hello',
      eventType: 'chat_hello',
      rewardAmount: 3,
      maxClaims: 1,
      cooldownHours: 24,
      maxTotalClaims: 500,
      detectionMethod: 'url_pattern',
      detectionConfig: { urlPatterns: [], successSelectors: ['.thanks'], channels: ['general', 'rewards'] },
      isCustom: false,
    })
    const cleared = await setRule(ctx, { brandId, eventType: 'chat_hello', channels: null, maxTotalClaims: null })
    expect(cleared.detectionConfig).toEqual({ urlPatterns: [], successSelectors: ['.thanks'] })
    expect(toEventRuleWire(cleared)).not.toHaveProperty('maxTotalClaims')
  })

  it.each([
    [{ eventType: 'bad-type', rewardAmount: 1 }, 'eventType'],
    [{ eventType: 'x'.repeat(51), rewardAmount: 1 }, 'eventType'],
    [{ eventType: 'ok', rewardAmount: -1 }, 'rewardAmount'],
    [{ eventType: 'ok', rewardAmount: 1.5 }, 'rewardAmount'],
    [{ eventType: 'ok', rewardAmount: 1, maxClaims: 0 }, 'maxClaims'],
    [{ eventType: 'ok', rewardAmount: 1, maxClaims: -2 }, 'maxClaims'],
    [{ eventType: 'ok', rewardAmount: 1, cooldownHours: -1 }, 'cooldownHours'],
    [{ eventType: 'ok', rewardAmount: 1, maxTotalClaims: 0 }, 'maxTotalClaims'],
  ])('refuses %j (field %s)', async (input, field) => {
    const ctx = createTestContext(t.storage)
    const brandId = await newBrand()
    const err = await errorOf(setRule(ctx, { brandId, ...input }))
    expect(err.code).toBe('VALIDATION_FAILED')
    expect(fields(err)).toEqual([field])
  })

  it('accepts 999999 as unlimited max claims and fractional cooldowns', async () => {
    const ctx = createTestContext(t.storage)
    const brandId = await newBrand()
    const rule = await setRule(ctx, { brandId, eventType: 'rate_experience', maxClaims: 999999, cooldownHours: 0.5 })
    expect(rule).toMatchObject({ maxClaims: 999999, cooldownHours: 0.5, rewardAmount: 50 })
  })

  it('says BRAND_NOT_FOUND for an unknown brand', async () => {
    const ctx = createTestContext(t.storage)
    const err = await errorOf(
      setRule(ctx, { brandId: `0x${randomBytes(20).toString('hex')}`, eventType: 'account_creation', rewardAmount: 1 }),
    )
    expect(err.code).toBe('BRAND_NOT_FOUND')
  })

  it('concurrent partial updates of one rule lose nothing', async () => {
    const ctx = createTestContext(t.storage)
    const brandId = await newBrand()
    await Promise.all([
      setRule(ctx, { brandId, eventType: 'complete_survey', rewardAmount: 80 }),
      setRule(ctx, { brandId, eventType: 'complete_survey', maxClaims: 3 }),
      setRule(ctx, { brandId, eventType: 'complete_survey', cooldownHours: 2 }),
      setRule(ctx, { brandId, eventType: 'complete_survey', urlPatterns: ['/survey/done'] }),
    ])
    const rule = (await listRules(ctx, { brandId })).find((r) => r.eventType === 'complete_survey')
    expect(rule).toMatchObject({
      rewardAmount: 80,
      maxClaims: 3,
      cooldownHours: 2,
      detectionConfig: { urlPatterns: ['/survey/done'] },
    })
  })
})
