import { describe, expect, it } from 'vitest'
import { useRelayHttpWorld } from './helpers/relay-http-world'
import { testDialects } from './helpers/test-databases'

describe.each(testDialects)('relayer rate limits over HTTP on $dialect', ({ create }) => {
  const w = useRelayHttpWorld(create)
  const { call, login, claimFree } = w

  it('refuses the 36th relayed transaction of a user in the hour with 429 and X-RateLimit-* headers', async () => {
    // The window is a fixed wall-clock hour: do not start in its last 20 seconds.
    const leftInHour = 3_600_000 - (Date.now() % 3_600_000)
    if (leftInHour < 20_000) await new Promise((r) => setTimeout(r, leftInHour + 50))
    const u = await login()
    for (let i = 1; i <= 35; i++) {
      const res = await claimFree(u)
      expect(res.status, `transaction ${i}`).toBe(200)
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(35 - i))
    }
    const res = await claimFree(u)
    expect(res.status).toBe(429)
    const body = await res.json()
    expect(body).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', details: { scope: 'user', limit: 35 } })
    expect(res.headers.get('x-ratelimit-limit')).toBe('35')
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0')
    // The fixed hourly window resets on the hour.
    const reset = Number(res.headers.get('x-ratelimit-reset')) * 1000
    expect(reset % 3_600_000).toBe(0)
    expect(reset).toBeGreaterThan(Date.now())
    expect(reset - Date.now()).toBeLessThanOrEqual(3_600_000)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another user is not affected.
    expect((await claimFree(await login())).status).toBe(200)
  }, 60_000)

  it('limits relayer requests to 100 a minute per IP (429 with X-RateLimit-* headers)', async () => {
    const ip = '203.0.113.7'
    // The window is a fixed wall-clock minute: start well inside one, so that the 101 requests share it.
    const leftInMinute = 60_000 - (Date.now() % 60_000)
    if (leftInMinute < 15_000) await new Promise((r) => setTimeout(r, leftInMinute + 50))
    const statuses: number[] = []
    for (let i = 0; i < 100; i++) statuses.push((await call('GET', '/check-perk-status', { ip })).status)
    expect(statuses.every((st) => st === 401)).toBe(true)
    const limited = await call('GET', '/check-perk-status', { ip })
    expect(limited.status).toBe(429)
    expect(await limited.json()).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', details: { scope: 'ip', limit: 100 } })
    expect(limited.headers.get('x-ratelimit-limit')).toBe('100')
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0')
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    // Another client is served.
    expect((await call('GET', '/check-perk-status', { ip: '203.0.113.8' })).status).toBe(401)
  }, 30_000)
})
