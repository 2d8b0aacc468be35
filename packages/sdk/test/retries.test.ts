import { afterEach, describe, expect, it } from 'vitest'
import {
  BadRequestError,
  ConflictError,
  ConnectionError,
  createLoyaltyClient,
  type LoyaltyClientOptions,
  paymentMintRetryPolicy,
  RateLimitError,
  ServerError,
  TimeoutError,
} from '../src/index'
import { type ScriptedResponse, type ScriptedServer, startScriptedServer } from './helpers/scripted-server'

const NOW = Date.UTC(2030, 0, 1, 12, 0, 0)
const healthy = { status: 'healthy', timestamp: new Date(NOW).toISOString(), services: {} }
const tracked = { success: true, eventId: 'e1' }
const event = { brandId: `0x${'a'.repeat(40)}`, eventType: 'form_submit', userEmail: 'u@example.com' }

let server: ScriptedServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

/** A client against a scripted server whose retry waits are recorded instead of slept. */
async function setup(script: ScriptedResponse[], extra: Partial<LoyaltyClientOptions> = {}) {
  server = await startScriptedServer(script)
  const delays: number[] = []
  const client = createLoyaltyClient({
    baseUrl: server.url,
    now: () => NOW,
    sleep: async (ms) => {
      delays.push(ms)
    },
    ...extra,
  })
  return { client, delays, requests: server.requests }
}

describe('retries', () => {
  it('retries 5xx with exponential backoff and jitter, then succeeds', async () => {
    const { client, delays, requests } = await setup([{ status: 503 }, { status: 502 }, { status: 200, body: healthy }])
    await expect(client.health.get()).resolves.toEqual(healthy)
    expect(requests).toHaveLength(3)
    expect(delays).toHaveLength(2)
    expect(delays[0]).toBeGreaterThanOrEqual(375)
    expect(delays[0]).toBeLessThanOrEqual(500)
    expect(delays[1]).toBeGreaterThanOrEqual(750)
    expect(delays[1]).toBeLessThanOrEqual(1000)
  })

  it('gives up after maxRetries and throws the last error', async () => {
    const { client, requests } = await setup([{ status: 500, body: { error: 'Internal server error' } }], {
      maxRetries: 3,
    })
    const error = await client.health.get().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServerError)
    expect(requests).toHaveLength(4)
  })

  it('honours a per-call maxRetries of 0', async () => {
    const { client, requests } = await setup([{ status: 503 }, { status: 200, body: healthy }])
    await expect(client.health.get({ maxRetries: 0 })).rejects.toBeInstanceOf(ServerError)
    expect(requests).toHaveLength(1)
  })

  it('waits Retry-After seconds on 429', async () => {
    const { client, delays } = await setup([
      { status: 429, headers: { 'retry-after': '2' }, body: { error: 'Rate limit exceeded' } },
      { status: 200, body: healthy },
    ])
    await client.health.get()
    expect(delays).toEqual([2000])
  })

  it('waits until a Retry-After HTTP date', async () => {
    const { client, delays } = await setup([
      { status: 503, headers: { 'retry-after': new Date(NOW + 7000).toUTCString() } },
      { status: 200, body: healthy },
    ])
    await client.health.get()
    expect(delays).toEqual([7000])
  })

  it('waits until X-RateLimit-Reset (epoch seconds) when there is no Retry-After', async () => {
    const { client, delays } = await setup([
      { status: 429, headers: { 'x-ratelimit-reset': String(NOW / 1000 + 3) } },
      { status: 200, body: healthy },
    ])
    await client.health.get()
    expect(delays).toEqual([3000])
  })

  it('does not sit out a wait longer than maxRetryAfter; the error says when to come back', async () => {
    const { client, requests } = await setup([
      { status: 429, headers: { 'retry-after': '3600' }, body: { error: 'Rate limit exceeded' } },
      { status: 200, body: healthy },
    ])
    const error = await client.health.get().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RateLimitError)
    expect((error as RateLimitError).retryAfter).toBe(3600)
    expect(requests).toHaveLength(1)
  })

  it('does not retry a 400', async () => {
    const { client, requests } = await setup([
      { status: 400, body: { success: false, error: 'Validation failed', details: [] } },
      { status: 200, body: tracked },
    ])
    await expect(client.events.track(event)).rejects.toBeInstanceOf(BadRequestError)
    expect(requests).toHaveLength(1)
  })

  it('does not retry a 409 without a retry hint', async () => {
    const { client, requests } = await setup([
      { status: 409, body: { error: 'Duplicate event', details: { existingEventId: 'x' } } },
      { status: 200, body: tracked },
    ])
    await expect(client.events.track(event)).rejects.toBeInstanceOf(ConflictError)
    expect(requests).toHaveLength(1)
  })

  it('retries a 409 when the server sends X-Should-Retry: true', async () => {
    const { client, requests } = await setup([
      { status: 409, headers: { 'x-should-retry': 'true' }, body: { error: 'Request in progress' } },
      { status: 200, body: tracked },
    ])
    await expect(client.events.track(event)).resolves.toEqual(tracked)
    expect(requests).toHaveLength(2)
  })

  it('does not retry a 503 when the server sends X-Should-Retry: false', async () => {
    const { client, requests } = await setup([
      { status: 503, headers: { 'x-should-retry': 'false' } },
      { status: 200, body: healthy },
    ])
    await expect(client.health.get()).rejects.toBeInstanceOf(ServerError)
    expect(requests).toHaveLength(1)
  })

  it('retries a dropped connection, then throws ConnectionError when it keeps failing', async () => {
    const first = await setup([{ destroy: true }, { status: 200, body: healthy }])
    await expect(first.client.health.get()).resolves.toEqual(healthy)
    expect(first.requests).toHaveLength(2)
    await server?.close()

    const second = await setup([{ destroy: true }], { maxRetries: 1 })
    const error = await second.client.health.get().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConnectionError)
    expect(error).not.toBeInstanceOf(TimeoutError)
    expect(second.requests).toHaveLength(2)
  })
})

describe('idempotency keys', () => {
  it('sends one generated Idempotency-Key on every attempt of a POST', async () => {
    const { client, requests } = await setup([{ status: 500 }, { status: 502 }, { status: 200, body: tracked }])
    await client.events.track(event)
    const keys = requests.map((r) => r.headers['idempotency-key'])
    expect(keys).toHaveLength(3)
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(new Set(keys).size).toBe(1)
  })

  it('uses a new key per call and the caller key when given; GET gets none', async () => {
    const { client, requests } = await setup([{ status: 200, body: tracked }])
    await client.events.track(event)
    await client.events.track(event)
    await client.events.bulk({ events: [event] }, { idempotencyKey: 'order-42' })
    await client.health.get()
    const keys = requests.map((r) => r.headers['idempotency-key'])
    expect(keys[0]).not.toBe(keys[1])
    expect(keys[2]).toBe('order-42')
    expect(keys[3]).toBeUndefined()
  })
})

describe('timeouts', () => {
  it('throws TimeoutError when the server does not answer in time', async () => {
    const { client, requests } = await setup([{ status: 200, body: healthy, delayMs: 2000 }])
    const started = performance.now()
    const error = await client.health.get({ timeout: 100, maxRetries: 0 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as TimeoutError).message).toContain('100 ms')
    expect(performance.now() - started).toBeLessThan(1500)
    expect(requests).toHaveLength(1)
  })

  it('retries a timed-out attempt', async () => {
    const { client, requests } = await setup([
      { status: 200, body: healthy, delayMs: 2000 },
      { status: 200, body: healthy },
    ])
    await expect(client.health.get({ timeout: 100 })).resolves.toEqual(healthy)
    expect(requests).toHaveLength(2)
  })
})

describe('retry policies', () => {
  it('payment-mint policy waits 2 s, 4 s, 8 s and makes at most 4 attempts', async () => {
    const { client, delays, requests } = await setup([{ status: 500, body: { success: false, message: 'boom' } }])
    const route = {
      name: 'payments.mint',
      method: 'POST',
      path: '/loyalty-api/payment-mint',
      body: { sessionId: 's' },
    } as const
    await expect(client.request({ ...route, retryPolicy: paymentMintRetryPolicy })).rejects.toBeInstanceOf(ServerError)
    expect(delays).toEqual([2000, 4000, 8000])
    expect(requests).toHaveLength(4)
  })

  it('the client hook overrides a route policy by route name', async () => {
    const { client, delays } = await setup([{ status: 500 }, { status: 200, body: tracked }], {
      retryPolicy: (route) => (route.name === 'events.track' ? paymentMintRetryPolicy : undefined),
    })
    await client.events.track(event)
    expect(delays).toEqual([2000])
  })

  it('an abort during the retry wait ends the call with the signal reason, without another attempt', async () => {
    server = await startScriptedServer([{ status: 503 }, { status: 200, body: healthy }])
    const client = createLoyaltyClient({ baseUrl: server.url })
    const controller = new AbortController()
    const pending = client.health.get({ signal: controller.signal })
    setTimeout(() => controller.abort(new Error('user gave up')), 100)
    await expect(pending).rejects.toThrow('user gave up')
    expect(server.requests).toHaveLength(1)
  })
})
