import { randomBytes } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { checkReadinessResponseSchema, livenessResponseSchema } from '@loyaltykit/engine/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../src/app/create-app'
import { createLogger } from '../src/logging/create-logger'
import { closeServer } from '../src/runtime/close-server'
import { listen } from '../src/runtime/listen'
import { captureLogs } from './helpers/capture-logs'
import { scrapeMetrics } from './helpers/scrape-metrics'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const rand = () => randomBytes(5).toString('hex')

// /livez and /readyz against the whole server (SQLite and PostgreSQL, the EDR chain, real HTTP):
// readiness fails for each of its reasons (no minter lease anywhere, a mint backlog over its bound, the
// database gone) and comes back; liveness never fails; the spec's health endpoint is unchanged.
describe.each(testDialects)('liveness and readiness over HTTP on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  const scrape = () => scrapeMetrics(s.base)

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db, { LOYALTYKIT_METRICS_CACHE_MS: '0' })
    await s.runtime.engine.brands.create({ name: 'Probes', websites: ['https://probes.example.com'] })
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  it('/livez answers without I/O; /readyz names every check and is ready', async () => {
    const live = await fetch(`${s.base}/livez`)
    expect(live.status).toBe(200)
    expect(livenessResponseSchema.parse(await live.json())).toEqual({ status: 'alive' })
    // Ready once the minter took its lease (a moment after start).
    await expect.poll(async () => (await fetch(`${s.base}/readyz`)).status, { timeout: 20_000 }).toBe(200)
    const ready = await fetch(`${s.base}/readyz`)
    expect(ready.status).toBe(200)
    expect(ready.headers.get('cache-control')).toBe('no-store')
    const body = checkReadinessResponseSchema.parse(await ready.json())
    expect(body).toMatchObject({
      status: 'ready',
      checks: {
        database: { status: 'ok' },
        migrations: { status: 'ok', pending: 0 },
        chain: { status: 'ok' },
        minterLease: { status: 'ok' },
        mintBacklog: { status: 'ok', jobs: 0, max: 10_000 },
      },
    })
    expect(body.checks.chain.blockNumber).toBeGreaterThan(0)
    // Probes are neither logged per request nor counted against any limit; the spec's health stays as it was.
    const health = await (await fetch(`${s.base}/loyalty-api/health`)).json()
    expect(health).toMatchObject({ status: 'healthy', services: { database: 'connected', blockchain: 'connected' } })
  })

  it('/readyz turns 503 when no process holds the minter lease, and when the mint backlog is over its bound', async () => {
    // Another app over the same engine with a bound of 1 job (and /metrics on its main port, no token).
    const logs = captureLogs()
    const logger = createLogger({ level: 'debug', destination: logs.stream })
    const app = createApp({ engine: s.runtime.engine, logger, config: {}, observability: { maxMintBacklog: 1 } })
    const bounded: Server = await listen(app, 0, '127.0.0.1')
    const base = `http://127.0.0.1:${(bounded.address() as AddressInfo).port}`
    const readyz = async (at = base) => {
      const res = await fetch(`${at}/readyz`)
      return { status: res.status, body: await res.json() }
    }
    const minter = s.minter
    if (!minter) throw new Error('the test server runs a minter')
    try {
      expect((await readyz()).status).toBe(200)
      expect((await scrapeMetrics(base)).status).toBe(200)

      await minter.stop()
      let r = await readyz()
      expect(r.status).toBe(503)
      expect(r.body.status).toBe('not_ready')
      expect(r.body.checks.minterLease).toEqual({ status: 'failing' })
      expect(r.body.checks.mintBacklog).toEqual({ status: 'ok', jobs: 0, max: 1 })

      // Held by another process: ready again.
      const other = await s.runtime.storage.leases.acquire({
        name: minter.leaseName,
        holder: 'another-process',
        ttlMs: 60_000,
        now: Date.now(),
      })
      if (!other.acquired) throw new Error('the lease was free')
      expect((await readyz()).status).toBe(200)

      // Two jobs wait (nobody mints them): over the bound of 1, but not over the server's 10,000.
      for (const n of [1, 2]) {
        await s.runtime.engine.mint.enqueue({
          idempotencyKey: `readyz-backlog:${rand()}:${n}`,
          to: `0x${'5'.repeat(40)}`,
          amount: 1,
          source: 'bonus',
        })
      }
      r = await readyz()
      expect(r.status).toBe(503)
      expect(r.body.checks.mintBacklog).toEqual({ status: 'failing', jobs: 2, max: 1 })
      expect(r.body.checks.minterLease).toEqual({ status: 'ok' })
      expect((await readyz(s.base)).status).toBe(200)
      expect((await scrape()).value('loyaltykit_mint_jobs', { status: 'pending' })).toBe(2)
      expect((await scrape()).value('loyaltykit_mint_oldest_pending_job_age_seconds')).toBeGreaterThanOrEqual(0)

      // The other process lets go; this one mints again and drains the backlog.
      await s.runtime.storage.leases.release({ name: minter.leaseName, holder: 'another-process', fence: other.fence })
      minter.start()
      await minter.drain({ timeoutMs: 30_000 })
      await expect.poll(async () => (await readyz()).status, { timeout: 20_000 }).toBe(200)
      expect((await fetch(`${base}/livez`)).status).toBe(200)

      // Probes and scrapes are never logged per request; each change of readiness is logged once.
      const lines = logs.lines()
      expect(lines.filter((l) => /\/(livez|readyz|metrics)\b/.test(JSON.stringify(l)))).toEqual([])
      expect(lines.filter((l) => l.msg === 'not ready').map((l) => [l.level, l.failing])).toEqual([
        ['warn', 'minterLease'],
        ['warn', 'mintBacklog'],
      ])
      expect(lines.filter((l) => l.msg === 'ready again').map((l) => l.level)).toEqual(['info', 'info'])
    } finally {
      minter.start()
      await closeServer(bounded, 0)
    }
  })

  // Last: the database goes away for real (PostgreSQL: dropped with its connections; SQLite: closed).
  it('/readyz answers 503 naming the database when it is gone; /livez and /metrics still answer', async () => {
    if (db.dialect === 'postgres') await db.kill()
    else await s.runtime.storage.close()

    const ready = await fetch(`${s.base}/readyz`)
    expect(ready.status).toBe(503)
    const body = checkReadinessResponseSchema.parse(await ready.json())
    expect(body.status).toBe('not_ready')
    expect(body.checks.database).toEqual({ status: 'failing' })
    expect(body.checks.migrations.status).toBe('failing')
    expect(body.checks.mintBacklog.status).toBe('failing')
    expect(JSON.stringify(body)).not.toMatch(/lk_|sqlite|postgres|password/i)

    const live = await fetch(`${s.base}/livez`)
    expect(live.status).toBe(200)
    const metrics = await scrape()
    expect(metrics.status).toBe(200)
    expect(metrics.value('loyaltykit_mint_jobs')).toBeUndefined()
    expect(metrics.value('loyaltykit_gauge_read_failures_total', { part: 'backlog' })).toBeGreaterThanOrEqual(1)
    expect(metrics.value('process_cpu_seconds_total')).toBeGreaterThan(0)
  })
})
