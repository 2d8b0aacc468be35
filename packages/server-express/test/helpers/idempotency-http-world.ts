import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll } from 'vitest'
import { queryTestDatabase } from './query-test-database'
import { startTestServer, type TestServer } from './start-test-server'
import type { TestDatabase } from './test-databases'
import { tokenBalance } from './token-balance'

const SITE = 'https://shop.example.com'
export const TOKEN = 10n ** 18n
let nextDiscordId = 120_000_000_000_000_000n

/**
 * The world of the Idempotency-Key HTTP suites: a test server whose rewarding requests run for at
 * least 400 ms (every mint waits that long for company) and whose pregeneration allows 2 a minute,
 * with a brand; the fields are set in `beforeAll`.
 */
export type IdempotencyHttpWorld = {
  db: TestDatabase
  s: TestServer
  brandId: string
  post(path: string, body: unknown, headers?: Record<string, string>, base?: string): Promise<Response>
  withKey(key: string): Record<string, string>
  /** A manual event of the brand for the user. */
  event(userEmail: string, over?: Record<string, unknown>): Record<string, unknown>
  /** A new user's e-mail address. */
  email(): string
  balanceOf(address: string): Promise<bigint>
  /** The key's row as another connection sees it (state, stored status, expiry). */
  idempotencyRow(
    key: string,
  ): Promise<{ state: string; response_status: number; completed_at: number; expires_at: number } | undefined>
  /** A pregeneration request body for a new Discord user of the brand. */
  pregeneration(brand: string): Record<string, string>
}

/** Registers the suite's `beforeAll` / `afterAll` and returns its world. */
export function useIdempotencyHttpWorld(create: () => Promise<TestDatabase>): IdempotencyHttpWorld {
  const w = {} as IdempotencyHttpWorld
  w.post = (path, body, headers = {}, base = w.s.base) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  w.withKey = (key) => ({ 'idempotency-key': key })
  w.event = (userEmail, over = {}) => ({
    brandId: w.brandId,
    eventType: 'account_creation',
    userEmail,
    domain: 'shop.example.com',
    ...over,
  })
  w.email = () => `u-${randomUUID().slice(0, 8)}@example.com`
  w.balanceOf = (address) => tokenBalance(w.s, address)
  w.idempotencyRow = async (key) =>
    (
      await queryTestDatabase<{ state: string; response_status: number; completed_at: number; expires_at: number }>(
        w.db,
        'select state, response_status, completed_at, expires_at from idempotency_keys where key = ?',
        [key],
      )
    )[0]
  w.pregeneration = (brand) => {
    nextDiscordId += 7_919_293n
    return { brand_id: brand, oauth_provider: 'discord', oauth_user_id: nextDiscordId.toString() }
  }

  beforeAll(async () => {
    w.db = await create()
    w.s = await startTestServer(w.db, {
      LOYALTYKIT_MINT_WAIT_MS: '20000',
      // Every mint waits this long for company: a rewarding request runs for at least 400 ms.
      LOYALTYKIT_MINT_BATCH_WINDOW_MS: '400',
      LOYALTYKIT_PREGENERATION_PER_MINUTE: '2',
    })
    w.brandId = (await w.s.runtime.engine.brands.create({ name: 'Shop', websites: [SITE] })).brand.id
  })
  afterAll(async () => {
    await w.s?.close()
    await w.db?.drop()
  })

  return w
}
