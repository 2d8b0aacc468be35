import { isLoyaltyError } from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { describe, expect, it } from 'vitest'
import { createBrand } from '../src/brands/create-brand'
import { acceptEvent } from '../src/events/accept-event'
import { eventIdForKey } from '../src/events/event-id-for-key'
import { processBulkEvents } from '../src/events/process-bulk-events'
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

// `eventKey` (AcceptEventOptions) and `eventKeys` (bulk): a caller-chosen key records an event at
// most once, whatever the rule allows (what makes `loyaltykit events import` resumable).
describe.each(testDatabases())('event keys on $dialect', (db) => {
  const t = useTestStorage(db)

  async function brandWithUnlimitedRule() {
    const ctx = createTestContext(t.storage)
    const { brand } = await createBrand(ctx, { name: 'Shop', websites: ['https://shop.example.com'] })
    await setRule(ctx, { brandId: brand.id, eventType: 'purchase', rewardAmount: 5, maxClaims: -1, cooldownHours: 0 })
    return { ctx, brandId: brand.id }
  }

  const countRows = async (table: 'reward_events' | 'mint_jobs', brandId: string) =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('brand_id', '=', brandId)
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('derives a stable UUID per brand and key', () => {
    const a = eventIdForKey('0x00000000000000000000000000000000000000aa', 'row:1')
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(eventIdForKey('0x00000000000000000000000000000000000000AA', 'row:1')).toBe(a)
    expect(eventIdForKey('0x00000000000000000000000000000000000000aa', 'row:2')).not.toBe(a)
    expect(eventIdForKey('0x00000000000000000000000000000000000000bb', 'row:1')).not.toBe(a)
  })

  it('records an event once per key, where the rule alone would reward it again', async () => {
    const { ctx, brandId } = await brandWithUnlimitedRule()
    const body = { brandId, eventType: 'purchase', userEmail: 'ann@example.com', domain: 'shop.example.com' }
    const opts = { duplicateWindowMs: 0, eventKey: 'file-1:row-1' }
    const first = await acceptEvent(ctx, body, opts)
    expect(first.eventId).toBe(eventIdForKey(brandId, 'file-1:row-1'))
    expect(await codeOf(acceptEvent(ctx, body, opts))).toBe('EVENT_ALREADY_RECORDED')
    // Without a key, or under another one, the unlimited rule rewards the same body again.
    expect(await codeOf(acceptEvent(ctx, body, { duplicateWindowMs: 0 }))).toBe('ok')
    expect(await codeOf(acceptEvent(ctx, body, { ...opts, eventKey: 'file-1:row-2' }))).toBe('ok')
    expect(await countRows('reward_events', brandId)).toBe(3)
    expect(await countRows('mint_jobs', brandId)).toBe(3)
  })

  it('bulk: each item under its own key; a repeated key fails alone, with the recorded event id', async () => {
    const { ctx, brandId } = await brandWithUnlimitedRule()
    const events = ['a', 'b', 'c'].map((u) => ({
      brandId,
      eventType: 'purchase',
      userEmail: `${u}@example.com`,
      domain: 'shop.example.com',
    }))
    const keys = ['k1', 'k2', 'k3']
    const first = await processBulkEvents(ctx, { events }, { mintWaitMs: 0, duplicateWindowMs: 0, eventKeys: keys })
    expect(first).toMatchObject({ processed: 3, failed: 0 })
    // A rerun after an interruption: two items recorded before, a new one.
    const again = await processBulkEvents(
      ctx,
      { events: [...events.slice(0, 2), { ...(events[2] as (typeof events)[number]), userEmail: 'd@example.com' }] },
      { mintWaitMs: 0, duplicateWindowMs: 0, eventKeys: ['k1', 'k2', 'k4'] },
    )
    expect(again).toMatchObject({ processed: 1, failed: 2 })
    expect(again.results.slice(0, 2)).toEqual([
      expect.objectContaining({
        code: 'EVENT_ALREADY_RECORDED',
        details: expect.objectContaining({ eventId: eventIdForKey(brandId, 'k1') }),
      }),
      expect.objectContaining({
        code: 'EVENT_ALREADY_RECORDED',
        details: expect.objectContaining({ eventId: eventIdForKey(brandId, 'k2') }),
      }),
    ])
    expect(await countRows('reward_events', brandId)).toBe(4)
    expect(await countRows('mint_jobs', brandId)).toBe(4)
  })

  it('the same key sent concurrently is recorded once (PostgreSQL: from two connections)', async () => {
    const { ctx, brandId } = await brandWithUnlimitedRule()
    // SQLite: one connection per process (two in one thread would wait on each other synchronously).
    const other =
      db.dialect === 'postgres' ? createTestContext(await t.database.connect(), { keyVault: ctx.keyVault }) : ctx
    const body = { brandId, eventType: 'purchase', userEmail: 'eve@example.com', domain: 'shop.example.com' }
    const codes = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        codeOf(acceptEvent(i % 2 ? other : ctx, body, { duplicateWindowMs: 0, eventKey: 'same-row' })),
      ),
    )
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1)
    expect(codes.filter((c) => c === 'EVENT_ALREADY_RECORDED')).toHaveLength(5)
    expect(await countRows('reward_events', brandId)).toBe(1)
  })
})
