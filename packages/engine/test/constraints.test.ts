import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Clock, isLoyaltyError } from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBrand } from '../src/brands/create-brand'
import { checkPurchaseConstraint } from '../src/constraints/check-purchase-constraint'
import { invalidateConstraintCache } from '../src/constraints/invalidate-constraint-cache'
import { removePerkConstraint } from '../src/constraints/remove-perk-constraint'
import { setPerkConstraint } from '../src/constraints/set-perk-constraint'
import { isPrivateAddress } from '../src/web/is-private-address'
import { testDatabases, useTestStorage } from './support/test-databases'

const ALICE = '0x00000000000000000000000000000000000a11ce'
const BOB = '0x0000000000000000000000000000000000000b0b'

type Handler = (req: IncomingMessage, body: Record<string, unknown>, res: ServerResponse) => void

/** A brand's constraint API on loopback: answers by path, records every request body. */
async function startConstraintApi() {
  const calls: Array<{ path: string; body: Record<string, unknown> }> = []
  const handlers: Record<string, Handler> = {
    '/allow': (_q, _b, res) => json(res, 200, { allowed: true }),
    '/members': (_q, b, res) =>
      json(res, 200, b.user_address === ALICE ? { allowed: true } : { allowed: false, reason: 'members only' }),
    '/slow': (_q, _b, res) => setTimeout(() => json(res, 200, { allowed: true }), 1500),
    '/huge': (_q, _b, res) => json(res, 200, { allowed: true, pad: 'x'.repeat(50_000) }),
    '/not-json': (_q, _b, res) => res.end('yes'),
    '/error': (_q, _b, res) => json(res, 500, { allowed: true }),
    '/redirect': (_q, _b, res) => {
      res.statusCode = 302
      res.setHeader('location', '/allow')
      res.end()
    },
  }
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (d) => {
      raw += d
    })
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>
      const path = new URL(req.url ?? '/', 'http://x').pathname
      calls.push({ path, body })
      const h = handlers[path]
      if (h) h(req, body, res)
      else json(res, 404, {})
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.address() as AddressInfo).port
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    port,
    calls,
    close: async () => {
      server.closeAllConnections()
      await new Promise((r) => server.close(r))
    },
  }
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status
  res.setHeader('content-type', 'application/json')
  res.end(JSON.stringify(body))
}

async function failure(p: Promise<unknown>): Promise<{ code: string; reason: string }> {
  try {
    await p
  } catch (e) {
    if (isLoyaltyError(e)) return { code: e.code, reason: String((e.details as { reason?: string }).reason) }
    throw e
  }
  throw new Error('expected a failure')
}

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.20.0.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['not-an-ip', true],
    ['93.184.216.34', false],
    ['8.8.8.8', false],
    ['2606:4700::1111', false],
  ])('%s → %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected)
  })
})

describe.each(testDatabases())('purchase constraints on $dialect', (db) => {
  const t = useTestStorage(db)
  let api: Awaited<ReturnType<typeof startConstraintApi>>
  let now = Date.now()
  const clock: Clock = { now: () => now }
  const ctx = () =>
    createTestContext(t.storage, { clock, constraints: { allowPrivateAddresses: true, timeoutMs: 500 } })
  let brandId: string

  beforeAll(async () => {
    api = await startConstraintApi()
    brandId = (await createBrand(ctx(), { name: 'Shop', websites: [] })).brand.id
  })
  afterAll(async () => {
    await api?.close()
  })

  it('allows collections without a constraint, without asking anyone', async () => {
    expect(await checkPurchaseConstraint(ctx(), { collectionId: 999, userAddress: ALICE })).toEqual({
      allowed: true,
      reason: null,
      apiUrl: null,
      cached: false,
    })
  })

  it('asks the API once per (api_url, user, collection) within the TTL, then again', async () => {
    await setPerkConstraint(ctx(), { brandId, collectionId: 1, apiUrl: api.url('/members') })
    const before = api.calls.length
    const first = await checkPurchaseConstraint(ctx(), { collectionId: 1, userAddress: BOB })
    expect(first).toMatchObject({ allowed: false, reason: 'members only', cached: false })
    expect(api.calls.at(-1)).toEqual({
      path: '/members',
      body: { user_address: BOB, collection_id: 1, brand_id: brandId },
    })
    expect(
      await checkPurchaseConstraint(ctx(), { collectionId: 1, userAddress: BOB.toUpperCase().replace('0X', '0x') }),
    ).toMatchObject({
      allowed: false,
      cached: true,
    })
    expect(await checkPurchaseConstraint(ctx(), { collectionId: 1, userAddress: ALICE })).toMatchObject({
      allowed: true,
      cached: false,
    })
    expect(api.calls.length - before).toBe(2)
    now += 61_000
    expect(await checkPurchaseConstraint(ctx(), { collectionId: 1, userAddress: BOB })).toMatchObject({ cached: false })
    expect(api.calls.length - before).toBe(3)
  })

  it('invalidates by api_url, user and collection, in storage shared by every process', async () => {
    await setPerkConstraint(ctx(), { brandId, collectionId: 2, apiUrl: api.url('/members') })
    for (const user of [ALICE, BOB]) {
      for (const collectionId of [1, 2]) await checkPurchaseConstraint(ctx(), { collectionId, userAddress: user })
    }
    const other = createTestContext(await t.database.connect(), { clock })
    const one = await invalidateConstraintCache(other, {
      api_url: api.url('/members'),
      user_address: BOB,
      collection_id: 2,
    })
    expect(one).toMatchObject({ success: true, invalidated_count: 1 })
    expect(await checkPurchaseConstraint(ctx(), { collectionId: 2, userAddress: BOB })).toMatchObject({ cached: false })
    expect(await invalidateConstraintCache(other, { api_url: api.url('/members'), user_address: ALICE })).toMatchObject(
      {
        invalidated_count: 2,
      },
    )
    expect(
      await invalidateConstraintCache(other, { api_url: api.url('/members'), collection_id: '1' } as never),
    ).toMatchObject({
      invalidated_count: 1,
    })
    expect(
      await invalidateConstraintCache(other, { api_url: api.url('/members'), brandId: 'ignored' } as never, {
        brandId: `0x${'9'.repeat(40)}`,
      }),
    ).toMatchObject({ invalidated_count: 0 })
    expect(await invalidateConstraintCache(other, { api_url: api.url('/members') })).toMatchObject({
      invalidated_count: 1,
    })
    expect((await failure(invalidateConstraintCache(other, { user_address: ALICE } as never))).code).toBe(
      'VALIDATION_FAILED',
    )
  })

  it.each([
    ['/slow', /no answer within 500 ms/],
    ['/huge', /larger than 16384 bytes/],
    ['/not-json', /not JSON/],
    ['/error', /HTTP 500/],
    ['/redirect', /HTTP 302/],
  ])('fails closed (nothing cached) when %s misbehaves', async (path, reason) => {
    await setPerkConstraint(ctx(), { brandId, collectionId: 10, apiUrl: api.url(path) })
    const f = await failure(checkPurchaseConstraint(ctx(), { collectionId: 10, userAddress: ALICE }))
    expect(f.code).toBe('CONSTRAINT_CHECK_FAILED')
    expect(f.reason).toMatch(reason)
    await removePerkConstraint(ctx(), { collectionId: 10 })
  })

  it('refuses private addresses unless allowed, by IP and by name', async () => {
    const strict = createTestContext(t.storage, { clock })
    await setPerkConstraint(strict, { brandId, collectionId: 20, apiUrl: api.url('/allow') })
    expect((await failure(checkPurchaseConstraint(strict, { collectionId: 20, userAddress: ALICE }))).reason).toMatch(
      /private or reserved/,
    )
    await setPerkConstraint(strict, { brandId, collectionId: 20, apiUrl: `http://localhost:${api.port}/allow` })
    expect((await failure(checkPurchaseConstraint(strict, { collectionId: 20, userAddress: ALICE }))).reason).toMatch(
      /private or reserved/,
    )
    expect(await checkPurchaseConstraint(ctx(), { collectionId: 20, userAddress: ALICE })).toMatchObject({
      allowed: true,
    })
  })

  it('only declares http(s) constraint URLs for existing brands', async () => {
    expect(
      (await failure(setPerkConstraint(ctx(), { brandId, collectionId: 3, apiUrl: 'file:///etc/passwd' }))).code,
    ).toBe('VALIDATION_FAILED')
    expect(
      (
        await failure(
          setPerkConstraint(ctx(), { brandId: `0x${'8'.repeat(40)}`, collectionId: 3, apiUrl: api.url('/allow') }),
        )
      ).code,
    ).toBe('BRAND_NOT_FOUND')
  })
})
