import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  BulkEventsResponse,
  DebugResponse,
  DiagnosticResponse,
  EventConfigResponse,
  HealthResponse,
  ManualEventParams,
  ManualEventResponse,
} from '../src/index'
import { createLoyaltyClient } from '../src/index'
import { type RecordedRequest, type ScriptedServer, startScriptedServer } from './helpers/scripted-server'

const brandId = `0x${'a'.repeat(40)}`
const ts = '2030-01-01T00:00:00.000Z'
const health: HealthResponse = {
  status: 'healthy',
  timestamp: ts,
  services: { database: 'connected', blockchain: 'connected', identity: 'connected' },
}
const diagnostic: DiagnosticResponse = {
  status: 'ok',
  database: 'connected',
  blockchain: 'connected',
  identity: 'connected',
  timestamp: ts,
}
const debug: DebugResponse = {
  debug: 'ok',
  hostname: 'localhost',
  path: '/loyalty-api/debug',
  method: 'GET',
  timestamp: ts,
  worker_version: '2.0.0',
}
const eventConfig: EventConfigResponse = {
  success: true,
  brandId,
  count: 1,
  events: [
    {
      eventId: 'account_creation',
      eventType: 'account_creation',
      rewardAmount: 100,
      maxClaims: 1,
      cooldownHours: 24,
      detectionMethod: 'url_pattern',
      detectionConfig: { urlPatterns: [] },
      isCustom: false,
    },
  ],
}
const tx = `0x${'d'.repeat(64)}`
const wallet = `0x${'c'.repeat(40)}`
const manual: ManualEventResponse = {
  success: true,
  eventId: '6b0d5c1e-0000-4000-8000-000000000000',
  message: 'Rewarded 10 tokens',
  rewardAmount: 10,
  eventType: 'form_submit',
  walletCreated: true,
  walletAddress: wallet,
  transactionHash: tx,
  reward: { amount: 10, eventType: 'form_submit', walletAddress: wallet, transactionHash: tx },
}
const bulk: BulkEventsResponse = {
  success: true,
  processed: 1,
  failed: 0,
  results: [{ success: true, eventId: manual.eventId }],
}

const byPath: Record<string, unknown> = {
  '/loyalty-api/health': health,
  '/loyalty-api/diagnostic': diagnostic,
  '/loyalty-api/debug': debug,
  '/loyalty-api/event-config': eventConfig,
  '/loyalty-api/manual-event': manual,
  '/loyalty-api/bulk-events': bulk,
}

let server: ScriptedServer
beforeAll(async () => {
  server = await startScriptedServer((req) => {
    const path = req.url.split('?')[0] ?? ''
    return path in byPath ? { status: 200, body: byPath[path] } : { status: 404, body: { error: 'Not found' } }
  })
})
afterAll(() => server.close())

function last(): RecordedRequest {
  return server.requests.at(-1)!
}

describe('resources', () => {
  it('health, diagnostic and debug GET their paths and return the body', async () => {
    const client = createLoyaltyClient({ baseUrl: `${server.url}/`, headers: { 'x-api-version': 'v1' } })
    await expect(client.health.get()).resolves.toEqual(health)
    expect(last()).toMatchObject({ method: 'GET', url: '/loyalty-api/health', body: '' })
    expect(last().headers['x-api-version']).toBe('v1')
    expect(last().headers['content-type']).toBeUndefined()
    await expect(client.diagnostic.get()).resolves.toEqual(diagnostic)
    expect(last().url).toBe('/loyalty-api/diagnostic')
    await expect(client.debug.get({ headers: { 'x-api-version': 'v2' } })).resolves.toEqual(debug)
    expect(last().url).toBe('/loyalty-api/debug')
    expect(last().headers['x-api-version']).toBe('v2')
  })

  it('eventConfig.get sends brandId in the query', async () => {
    const client = createLoyaltyClient({ baseUrl: server.url })
    await expect(client.eventConfig.get({ brandId })).resolves.toEqual(eventConfig)
    expect(last()).toMatchObject({ method: 'GET', url: `/loyalty-api/event-config?brandId=${brandId}` })
  })

  it('events.track and events.bulk POST JSON bodies', async () => {
    const client = createLoyaltyClient({ baseUrl: server.url })
    const event: ManualEventParams = {
      brandId,
      eventType: 'form_submit',
      userEmail: 'u@example.com',
      domain: 'example.com',
      metadata: { skip_cooldown: true, form: 'contact' },
    }
    await expect(client.events.track(event)).resolves.toEqual(manual)
    expect(last()).toMatchObject({ method: 'POST', url: '/loyalty-api/manual-event' })
    expect(last().headers['content-type']).toBe('application/json')
    expect(JSON.parse(last().body)).toEqual(event)

    await expect(client.events.bulk({ events: [event] })).resolves.toEqual(bulk)
    expect(last()).toMatchObject({ method: 'POST', url: '/loyalty-api/bulk-events' })
    expect(JSON.parse(last().body)).toEqual({ events: [event] })
  })

  it('a base URL with a path prefix is kept', async () => {
    const client = createLoyaltyClient({ baseUrl: `${server.url}/prefix` })
    await expect(client.health.get({ maxRetries: 0 })).rejects.toMatchObject({ status: 404 })
    expect(last().url).toBe('/prefix/loyalty-api/health')
  })

  it('rejects a base URL that is not http(s)', () => {
    expect(() => createLoyaltyClient({ baseUrl: 'localhost:3000' })).toThrow(TypeError)
  })
})
