import { randomBytes, randomUUID } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Clock, createAesGcmKeyVault, createEngine, type Storage } from '@loyaltykit/engine'
import { Router } from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../src/app/create-app'
import type { IdempotencySettings } from '../src/http/idempotency'
import { createLogger } from '../src/logging/create-logger'
import { closeServer } from '../src/runtime/close-server'
import { listen } from '../src/runtime/listen'
import { openStorage } from '../src/storage/open-storage'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const DAY_MS = 24 * 3_600_000

/**
 * The app over a real database with a test route whose runs are counted; a run waits for `hold` when
 * one is set. The engine's clock is the store's clock.
 */
async function startCountingApp(storage: Storage, clock: Clock, settings: IdempotencySettings) {
  const state = { runs: 0, hold: undefined as Promise<void> | undefined }
  /** The next run waits until the returned function is called. */
  const holdNextRun = () => {
    let release = () => {}
    state.hold = new Promise<void>((r) => {
      release = r
    })
    return release
  }
  const router = Router()
  router.post('/test/run', async (_req, res) => {
    const run = ++state.runs
    const hold = state.hold
    state.hold = undefined
    if (hold) await hold
    res.json({ run })
  })
  const engine = createEngine({ storage, keyVault: createAesGcmKeyVault(randomBytes(32)), clock })
  const app = createApp({
    engine,
    logger: createLogger({ level: 'silent' }),
    config: {},
    idempotency: settings,
    routes: [router],
  })
  const server: Server = await listen(app, 0, '127.0.0.1')
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const post = (key: string, body: unknown = { a: 1 }) =>
    fetch(`${base}/test/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    })
  return { state, post, holdNextRun, close: () => closeServer(server, 0) }
}

const until = async (done: () => boolean) => {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setTimeout(r, 5))
}

describe.each(testDialects)('Idempotency-Key expiry and locks on $dialect', ({ create }) => {
  let db: TestDatabase
  let storage: Storage

  beforeAll(async () => {
    db = await create()
    storage = await openStorage({ databaseUrl: db.databaseUrl, dataDir: db.dataDir })
    await storage.migrate()
  })
  afterAll(async () => {
    await storage?.close()
    await db?.drop()
  })

  it('replays an answer for 24 h after it was stored, then runs the request again', async () => {
    let now = Date.UTC(2026, 0, 1)
    const app = await startCountingApp(storage, { now: () => now }, { retentionMs: DAY_MS, waitMs: 200 })
    try {
      const key = randomUUID()
      expect(await (await app.post(key)).json()).toEqual({ run: 1 })
      now += DAY_MS - 1
      const replayed = await app.post(key)
      expect(replayed.headers.get('idempotent-replayed')).toBe('true')
      expect(await replayed.json()).toEqual({ run: 1 })
      now += 1
      const fresh = await app.post(key)
      expect(fresh.headers.get('idempotent-replayed')).toBeNull()
      expect(await fresh.json()).toEqual({ run: 2 })
      expect(app.state.runs).toBe(2)
    } finally {
      await app.close()
    }
  })

  it('answers 409 IN_USE while the first runs, and takes over a claim whose 60 s lock ran out (a crash)', async () => {
    let now = Date.UTC(2026, 0, 1)
    const app = await startCountingApp(storage, { now: () => now }, { retentionMs: DAY_MS, waitMs: 200 })
    try {
      const unblock = app.holdNextRun()
      const key = randomUUID()
      const stuck = app.post(key)
      await until(() => app.state.runs === 1)

      const busy = await app.post(key)
      expect(busy.status).toBe(409)
      expect(busy.headers.get('retry-after')).toBe('1')
      expect(busy.headers.get('x-should-retry')).toBe('true')
      expect(await busy.json()).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_IN_USE' })

      // 60 s without a heartbeat (as after a crash; this clock stands still otherwise): taken over.
      now += 60_000
      const takeover = await app.post(key)
      expect(await takeover.json()).toEqual({ run: 2 })
      // The stuck first run ends: its client gets its answer, but the key keeps the new claim's.
      unblock()
      expect(await (await stuck).json()).toEqual({ run: 1 })
      const replayed = await app.post(key)
      expect(replayed.headers.get('idempotent-replayed')).toBe('true')
      expect(await replayed.json()).toEqual({ run: 2 })
    } finally {
      await app.close()
    }
  })

  it('renews the lock while a request runs longer than it, so no duplicate takes it over', async () => {
    const app = await startCountingApp(
      storage,
      { now: () => Date.now() },
      { retentionMs: DAY_MS, waitMs: 0, lockTtlMs: 150 },
    )
    try {
      const unblock = app.holdNextRun()
      const key = randomUUID()
      const slow = app.post(key)
      await until(() => app.state.runs === 1)
      await new Promise((r) => setTimeout(r, 500)) // more than three lock lifetimes
      const duplicate = await app.post(key)
      expect(duplicate.status).toBe(409)
      expect((await duplicate.json()).code).toBe('IDEMPOTENCY_KEY_IN_USE')
      unblock()
      expect(await (await slow).json()).toEqual({ run: 1 })
      expect(app.state.runs).toBe(1)
    } finally {
      await app.close()
    }
  })
})
