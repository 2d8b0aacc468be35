import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { TOKEN, useIdempotencyHttpWorld } from './helpers/idempotency-http-world'
import { startSecondApp } from './helpers/second-app'
import { testDialects } from './helpers/test-databases'

describe.each(testDialects)('Idempotency-Key with concurrent duplicates over HTTP on $dialect', ({ create }) => {
  const w = useIdempotencyHttpWorld(create)
  const { post, withKey, event, email, balanceOf, idempotencyRow } = w

  it('20 concurrent duplicates: one execution, the others wait and replay it (or 409 IN_USE); one reward', async () => {
    const key = randomUUID()
    const user = email()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/loyalty-api/manual-event', event(user), withKey(key))),
    )
    const results = await Promise.all(
      answers.map(async (r) => ({
        status: r.status,
        replayed: r.headers.get('idempotent-replayed') === 'true',
        retryAfter: r.headers.get('retry-after'),
        body: await r.text(),
      })),
    )
    const ran = results.filter((r) => r.status === 200 && !r.replayed)
    const replayed = results.filter((r) => r.status === 200 && r.replayed)
    const inUse = results.filter((r) => r.status === 409)
    expect(ran).toHaveLength(1)
    expect(replayed.length).toBeGreaterThan(0)
    expect(replayed.length + inUse.length).toBe(19)
    for (const r of replayed) expect(r.body).toBe(ran[0]!.body)
    for (const r of inUse) {
      expect(JSON.parse(r.body).code).toBe('IDEMPOTENCY_KEY_IN_USE')
      expect(r.retryAfter).toBe('1')
    }
    const { walletAddress } = JSON.parse(ran[0]!.body)
    expect(await balanceOf(walletAddress)).toBe(100n * TOKEN)
  })

  it('a duplicate sent to another server process on the same database waits for the first and replays it', async () => {
    const second = await startSecondApp(w.db, w.s)
    try {
      const key = randomUUID()
      const user = email()
      const first = post('/loyalty-api/manual-event', event(user), withKey(key))
      let row = await idempotencyRow(key)
      for (let i = 0; i < 400 && !row; i++) {
        await new Promise((r) => setTimeout(r, 5))
        row = await idempotencyRow(key)
      }
      // The first still runs (its mint waits 400 ms for company) when the duplicate reaches the other process.
      expect(row?.state).toBe('in_progress')
      const duplicate = await post('/loyalty-api/manual-event', event(user), withKey(key), second.base)
      const original = await first
      expect(original.status).toBe(200)
      expect(duplicate.status).toBe(200)
      expect(duplicate.headers.get('idempotent-replayed')).toBe('true')
      expect(await duplicate.text()).toBe(await original.text())
      const later = await post('/loyalty-api/manual-event', event(user), withKey(key), second.base)
      expect(later.headers.get('idempotent-replayed')).toBe('true')
    } finally {
      await second.close()
    }
  })
})
