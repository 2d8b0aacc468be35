import { randomBytes } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  createAesGcmKeyVault,
  createEngine,
  type Engine,
  type ErrorCategory,
  LoyaltyError,
  type Storage,
} from '@loyaltykit/engine'
import { Router } from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../src/app/create-app'
import { STATUS_FOR_CATEGORY } from '../src/http/status-for-category'
import { createLogger } from '../src/logging/create-logger'
import { withRequestScope } from '../src/logging/with-request-scope'
import { closeServer } from '../src/runtime/close-server'
import { listen } from '../src/runtime/listen'
import { openStorage } from '../src/storage/open-storage'
import { captureLogs } from './helpers/capture-logs'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const SECRET = `lk_${randomBytes(16).toString('hex')}`

/** Test-only routes that raise errors the way feature routes will (real app, real engine). */
function testRoutes(engine: Engine): Router {
  const r = Router()
  r.post('/test/brand', async (req, res) => {
    res.json(await engine.brands.create({ name: String(req.body.name), websites: ['https://a.example'] }))
  })
  r.get('/test/category/:category', (req) => {
    throw new LoyaltyError(`a ${req.params.category} error`, {
      code: 'TEST_ERROR',
      category: req.params.category as ErrorCategory,
      details: { hint: 'x' },
    })
  })
  r.get('/test/crash', () => {
    throw Object.assign(new Error('disk on fire'), { privateKey: SECRET })
  })
  r.post('/test/echo', (req, res) => {
    req.log.info({ body: req.body, headers: req.headers }, 'echo')
    res.json({ received: req.body })
  })
  return r
}

describe.each(testDialects)('HTTP app on $dialect', ({ create }) => {
  let db: TestDatabase
  let storage: Storage
  let server: Server
  let base: string
  const logs = captureLogs()

  beforeAll(async () => {
    db = await create()
    const logger = createLogger({ destination: logs.stream, level: 'debug' })
    storage = await openStorage({ databaseUrl: db.databaseUrl, dataDir: db.dataDir, logger })
    await storage.migrate()
    // As openRuntime wires it: the engine logs through a request-scoped logger.
    const engine = createEngine({
      storage,
      keyVault: createAesGcmKeyVault(randomBytes(32)),
      logger: withRequestScope(logger),
    })
    const app = createApp({ engine, logger, config: { healthTimeoutMs: 1500 }, routes: [testRoutes(engine)] })
    server = await listen(app, 0, '127.0.0.1')
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    if (server) await closeServer(server, 0)
    await storage?.close().catch(() => {})
    await db?.drop()
  })

  it('answers health with the real state of every service', async () => {
    const res = await fetch(`${base}/loyalty-api/health`)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(Object.keys(body).sort()).toEqual(['services', 'status', 'timestamp'])
    expect(Object.keys(body.services).sort()).toEqual(['blockchain', 'database', 'identity'])
    expect(body.services.database).toBe('connected')
    expect(body.services.identity).toBe('connected')
    // This app has no chain: not every service is up.
    expect(body.services.blockchain).toBe('not_configured')
    expect(body.status).toBe('degraded')
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp)
  })

  it('answers diagnostic and debug in the spec shapes', async () => {
    const diag = await fetch(`${base}/loyalty-api/diagnostic`)
    expect(diag.status).toBe(200)
    const d = await diag.json()
    expect(Object.keys(d).sort()).toEqual(['blockchain', 'database', 'identityProvider', 'status', 'timestamp'])
    expect(d).toMatchObject({ database: 'connected', identityProvider: 'connected', blockchain: 'not_configured' })

    const dbg = await fetch(`${base}/loyalty-api/debug?x=1`)
    expect(dbg.status).toBe(200)
    const g = await dbg.json()
    expect(Object.keys(g).sort()).toEqual(['debug', 'hostname', 'method', 'path', 'timestamp', 'worker_version'])
    expect(g).toMatchObject({ hostname: '127.0.0.1', path: '/loyalty-api/debug', method: 'GET' })
    expect(g.worker_version).toMatch(/^\d+\.\d+\.\d+/)
    expect(typeof g.debug).toBe('string')
  })

  it('gives every response a request id: a sane client id is kept, anything else replaced', async () => {
    const kept = await fetch(`${base}/loyalty-api/health`, { headers: { 'X-Request-Id': 'client-id.123' } })
    expect(kept.headers.get('x-request-id')).toBe('client-id.123')
    const replaced = await fetch(`${base}/nope`, { headers: { 'X-Request-Id': 'bad id with spaces <script>' } })
    const id = replaced.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect((await replaced.json()).requestId).toBe(id)
    const generated = await fetch(`${base}/loyalty-api/debug`)
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('refuses a JSON body over 10 KB with 413 in the event-handler error shape', async () => {
    const body = JSON.stringify({ brandId: '0x', metadata: { pad: 'x'.repeat(11 * 1024) } })
    const res = await fetch(`${base}/loyalty-api/manual-event`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    })
    expect(res.status).toBe(413)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    const b = await res.json()
    expect(b).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE', details: { limitBytes: 10240 } })
    expect(typeof b.error).toBe('string')
    expect(b.message).toBe(b.error)
    expect(b.requestId).toBe(res.headers.get('x-request-id'))
  })

  it('accepts a body just under 10 KB', async () => {
    const body = JSON.stringify({ pad: 'x'.repeat(10 * 1024 - 20) })
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(10240)
    const res = await fetch(`${base}/test/echo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    })
    expect(res.status).toBe(200)
  })

  it('answers malformed JSON with 400', async () => {
    const res = await fetch(`${base}/loyalty-api/manual-event`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"brandId": "0x1",',
    })
    expect(res.status).toBe(400)
    const b = await res.json()
    expect(b).toMatchObject({ success: false, code: 'MALFORMED_JSON' })
    expect(b.details).toEqual([{ field: '(body)', message: 'The request body is not valid JSON' }])
  })

  it('answers an unknown path with 404 JSON', async () => {
    const res = await fetch(`${base}/loyalty-api/does-not-exist`, { method: 'POST' })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await res.json()).toMatchObject({
      success: false,
      code: 'ROUTE_NOT_FOUND',
      error: 'Not found: POST /loyalty-api/does-not-exist',
      details: { method: 'POST', path: '/loyalty-api/does-not-exist' },
    })
  })

  it('maps every engine error category to its status through the one table', async () => {
    for (const [category, status] of Object.entries(STATUS_FOR_CATEGORY)) {
      const res = await fetch(`${base}/test/category/${category}`)
      expect(res.status, category).toBe(status)
      const b = await res.json()
      expect(b.success).toBe(false)
      expect(b.code).toBe('TEST_ERROR')
      if (category === 'internal') {
        expect(b.error).toBe('Internal server error')
        expect(b.details).toEqual({ requestId: b.requestId })
      } else {
        expect(b.error).toBe(`a ${category} error`)
        expect(b.details).toEqual({ hint: 'x' })
      }
    }
  })

  it('answers an unknown error with 500 and the request id only; the log has the cause, not the secret', async () => {
    const res = await fetch(`${base}/test/crash`, { headers: { 'X-Request-Id': 'crash-1' } })
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(text).not.toContain(SECRET)
    expect(text).not.toContain('disk on fire')
    expect(text).not.toContain('at ')
    expect(JSON.parse(text)).toEqual({
      success: false,
      error: 'Internal server error',
      message: 'Internal server error',
      code: 'INTERNAL',
      details: { requestId: 'crash-1' },
      requestId: 'crash-1',
    })
    const errorLine = logs.lines().find((l) => l.requestId === 'crash-1' && l.msg === 'request error')
    expect(errorLine).toBeDefined()
    expect(JSON.stringify(errorLine)).toContain('disk on fire')
    expect(JSON.stringify(errorLine)).not.toContain(SECRET)
  })

  it('accepts unknown fields and X-API-Version: v1; never logs authorization or keys', async () => {
    const res = await fetch(`${base}/test/echo`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-API-Version': 'v1',
        Authorization: `Bearer ${SECRET}`,
        'X-Request-Id': 'echo-1',
      },
      body: JSON.stringify({ timestamp: 1, apiKey: SECRET, nested: { privateKey: SECRET, securityKey: SECRET } }),
    })
    expect(res.status).toBe(200)
    const lines = logs.lines().filter((l) => l.requestId === 'echo-1')
    expect(lines.map((l) => l.msg)).toEqual(['echo', 'request'])
    expect(lines[1]).toMatchObject({ method: 'POST', path: '/test/echo', status: 200 })
    expect(logs.text()).not.toContain(SECRET)
  })

  it('puts the request id on every log line of a request', async () => {
    await fetch(`${base}/loyalty-api/debug`, { headers: { 'X-Request-Id': 'trace-7' } })
    const line = logs.lines().find((l) => l.requestId === 'trace-7')
    expect(line).toMatchObject({ msg: 'request', status: 200, path: '/loyalty-api/debug' })
    const withoutId = logs.lines().filter((l) => l.msg === 'request' && typeof l.requestId !== 'string')
    expect(withoutId).toEqual([])
  })

  it("puts the request id on the engine's own log lines too", async () => {
    const res = await fetch(`${base}/test/brand`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'engine-9' },
      body: JSON.stringify({ name: 'Scoped' }),
    })
    expect(res.status).toBe(200)
    const { brand } = await res.json()
    const line = logs.lines().find((l) => l.msg === 'brand created' && l.brandId === brand.id)
    expect(line?.requestId).toBe('engine-9')
  })

  it('sets helmet security headers', async () => {
    const res = await fetch(`${base}/loyalty-api/health`)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-powered-by')).toBeNull()
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })

  // Last: makes the database unreachable for real.
  it('answers health 503 degraded when the database is down', async () => {
    if (db.dialect === 'postgres') await db.kill()
    else await storage.close()
    const res = await fetch(`${base}/loyalty-api/health`)
    expect(res.status).toBe(503)
    const body = await res.json()
    expect(body.status).toBe('degraded')
    expect(body.services.database).toBe('disconnected')
    const diag = await (await fetch(`${base}/loyalty-api/diagnostic`)).json()
    expect(diag.database).toBe('disconnected')
  })
})
