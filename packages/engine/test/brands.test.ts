import { createHmac, randomBytes } from 'node:crypto'
import { isLoyaltyError } from '@loyaltykit/engine'
import { createTestContext, DEFAULT_EVENT_RULES } from '@loyaltykit/engine/testing'
import { describe, expect, it } from 'vitest'
import { createApiKey } from '../src/brands/create-api-key'
import { createBrand } from '../src/brands/create-brand'
import { getBrand } from '../src/brands/get-brand'
import { getBrandSecurityKey } from '../src/brands/get-brand-security-key'
import { hashApiKey } from '../src/brands/hash-api-key'
import { listApiKeys } from '../src/brands/list-api-keys'
import { listBrands } from '../src/brands/list-brands'
import { revokeApiKey } from '../src/brands/revoke-api-key'
import { rotateSecurityKey } from '../src/brands/rotate-security-key'
import { setBrandWebsites } from '../src/brands/set-brand-websites'
import { verifyApiKey } from '../src/brands/verify-api-key'
import { listRules } from '../src/rules/list-rules'
import { testDatabases, useTestStorage } from './support/test-databases'

const unknownBrand = () => `0x${randomBytes(20).toString('hex')}`

async function errorOf(promise: Promise<unknown>): Promise<{ code?: string; details?: unknown }> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!isLoyaltyError(err)) throw new Error(`expected a LoyaltyError, got ${String(err)}`)
  return err
}

describe.each(testDatabases())('brands on $dialect', (db) => {
  const t = useTestStorage(db)

  it('creates a brand with a random lowercase address id, origins, six default rules and keys', async () => {
    const ctx = createTestContext(t.storage)
    const { brand, keys } = await createBrand(ctx, {
      name: '  Coffee Shop ',
      websites: ['https://Shop.Example/path?q=1', 'https://shop.example', 'http://localhost:3000/'],
    })
    expect(brand.id).toMatch(/^0x[0-9a-f]{40}$/)
    expect(brand.name).toBe('Coffee Shop')
    expect(brand.websites).toEqual(['https://shop.example', 'http://localhost:3000'])
    expect(await getBrand(ctx, { brandId: brand.id })).toEqual(brand)

    const rules = await listRules(ctx, { brandId: brand.id })
    expect(rules.map((r) => [r.eventType, r.rewardAmount]).sort()).toEqual(
      DEFAULT_EVENT_RULES.map((r) => [r.eventType, r.rewardAmount]).sort(),
    )
    expect(rules.map((r) => [r.eventType, r.rewardAmount])).toEqual(
      expect.arrayContaining([
        ['account_creation', 100],
        ['complete_survey', 75],
        ['newsletter_subscribe', 25],
        ['rate_experience', 50],
        ['subscribe_renewal', 200],
        ['form_submit', 10],
      ]),
    )
    for (const rule of rules) {
      expect(rule).toMatchObject({
        eventId: rule.eventType,
        maxClaims: 1,
        cooldownHours: 24,
        maxTotalClaims: null,
        detectionMethod: 'url_pattern',
        detectionConfig: { urlPatterns: [], successSelectors: [] },
        isCustom: false,
        enabled: true,
      })
    }

    // API key: stored as its SHA-256 only, usable for constraints and events; the DNS key only for dns.
    const listed = await listApiKeys(ctx, { brandId: brand.id })
    expect(listed).toHaveLength(2)
    const record = listed.find((k) => k.keyHash === hashApiKey(keys.apiKey))
    expect(listed.find((k) => k.keyHash === hashApiKey(keys.dnsKey))?.scopes).toEqual(['dns'])
    expect(record).toMatchObject({ brandId: brand.id, keyHash: hashApiKey(keys.apiKey), revokedAt: null })
    expect(record?.scopes.sort()).toEqual(['constraints', 'events'])
    expect(keys.apiKey.startsWith(record!.prefix)).toBe(true)
    expect(await verifyApiKey(ctx, { apiKey: keys.apiKey, scope: 'constraints' })).toEqual(record)
    expect(await verifyApiKey(ctx, { apiKey: keys.apiKey, scope: 'agent' })).toBeUndefined()
    expect(await verifyApiKey(ctx, { apiKey: `${keys.apiKey}x`, scope: 'constraints' })).toBeUndefined()

    // Security key: stored encrypted, readable back through the key vault.
    const stored = await t.storage.apiKeys.getSecret(brand.id, 'security_key')
    expect(stored).toMatch(/^v1\./)
    expect(stored).not.toContain(keys.securityKey)
    expect(await getBrandSecurityKey(ctx, { brandId: brand.id })).toBe(keys.securityKey)
    expect(keys.securityKey).not.toBe(keys.apiKey)
    const sig = (key: string) => createHmac('sha256', key).update('payload').digest('hex')
    expect(sig((await getBrandSecurityKey(ctx, { brandId: brand.id }))!)).toBe(sig(keys.securityKey))
  })

  it('gives every brand its own id and keys', async () => {
    const ctx = createTestContext(t.storage)
    const [a, b] = await Promise.all([
      createBrand(ctx, { name: 'A', websites: [] }),
      createBrand(ctx, { name: 'B', websites: [] }),
    ])
    expect(a.brand.id).not.toBe(b.brand.id)
    expect(a.keys.apiKey).not.toBe(b.keys.apiKey)
    expect(a.keys.securityKey).not.toBe(b.keys.securityKey)
    const ids = (await listBrands(ctx)).map((x) => x.id)
    expect(ids).toEqual(expect.arrayContaining([a.brand.id, b.brand.id]))
  })

  it('creates nothing when any part fails (one transaction)', async () => {
    const before = (await listBrands(createTestContext(t.storage))).length
    const failingVault = {
      encrypt: () => {
        throw new Error('vault down')
      },
      decrypt: (s: string) => s,
    }
    const ctx = createTestContext(t.storage, { keyVault: failingVault })
    await expect(createBrand(ctx, { name: 'Doomed', websites: [] })).rejects.toThrow('vault down')
    expect(await listBrands(ctx)).toHaveLength(before)
    const orphanRules = await t.database.db
      .selectFrom('event_rules')
      .leftJoin('brands', 'brands.id', 'event_rules.brand_id')
      .where('brands.id', 'is', null)
      .select('event_rules.brand_id')
      .execute()
    expect(orphanRules).toEqual([])
  })

  it('validates input with per-field details', async () => {
    const ctx = createTestContext(t.storage)
    const err = await errorOf(createBrand(ctx, { name: ' ', websites: ['ftp://x.example', 'not a url'] }))
    expect(err.code).toBe('VALIDATION_FAILED')
    expect((err.details as { field: string }[]).map((d) => d.field).sort()).toEqual([
      'name',
      'websites.0',
      'websites.1',
    ])
  })

  it('says BRAND_NOT_FOUND for an unknown brand, VALIDATION_FAILED for a malformed id', async () => {
    const ctx = createTestContext(t.storage)
    expect((await errorOf(getBrand(ctx, { brandId: unknownBrand() }))).code).toBe('BRAND_NOT_FOUND')
    expect((await errorOf(getBrand(ctx, { brandId: unknownBrand().toUpperCase() }))).code).toBe('VALIDATION_FAILED')
    expect((await errorOf(listRules(ctx, { brandId: unknownBrand() }))).code).toBe('BRAND_NOT_FOUND')
    expect((await errorOf(createApiKey(ctx, { brandId: unknownBrand(), scopes: ['dns'] }))).code).toBe(
      'BRAND_NOT_FOUND',
    )
    expect((await errorOf(rotateSecurityKey(ctx, { brandId: unknownBrand() }))).code).toBe('BRAND_NOT_FOUND')
    expect(await getBrandSecurityKey(ctx, { brandId: unknownBrand() })).toBeUndefined()
  })

  it('replaces websites', async () => {
    const ctx = createTestContext(t.storage)
    const { brand } = await createBrand(ctx, { name: 'W', websites: ['https://old.example'] })
    const updated = await setBrandWebsites(ctx, { brandId: brand.id, websites: ['https://new.example/x'] })
    expect(updated.websites).toEqual(['https://new.example'])
    expect((await getBrand(ctx, { brandId: brand.id })).websites).toEqual(['https://new.example'])
    expect((await errorOf(setBrandWebsites(ctx, { brandId: unknownBrand(), websites: [] }))).code).toBe(
      'BRAND_NOT_FOUND',
    )
  })

  it('issues, lists and revokes API keys; a revoked key no longer verifies', async () => {
    const ctx = createTestContext(t.storage)
    const { brand, keys } = await createBrand(ctx, { name: 'K', websites: [] })
    const extra = await createApiKey(ctx, { brandId: brand.id, scopes: ['agent', 'agent'] })
    expect(extra.record.scopes).toEqual(['agent'])
    expect(await verifyApiKey(ctx, { apiKey: extra.apiKey, scope: 'agent' })).toEqual(extra.record)
    expect((await listApiKeys(ctx, { brandId: brand.id })).map((k) => k.id)).toContain(extra.record.id)

    expect(await revokeApiKey(ctx, { id: extra.record.id })).toEqual({ revoked: true })
    expect(await revokeApiKey(ctx, { id: extra.record.id })).toEqual({ revoked: false })
    expect(await verifyApiKey(ctx, { apiKey: extra.apiKey, scope: 'agent' })).toBeUndefined()
    expect(await verifyApiKey(ctx, { apiKey: keys.dnsKey, scope: 'dns' })).toBeDefined()
    expect(await verifyApiKey(ctx, { apiKey: keys.apiKey, scope: 'dns' })).toBeUndefined()
    expect(await verifyApiKey(ctx, { apiKey: keys.dnsKey, scope: 'constraints' })).toBeUndefined()
  })

  it('rotates the security key', async () => {
    const ctx = createTestContext(t.storage)
    const { brand, keys } = await createBrand(ctx, { name: 'R', websites: [] })
    const { securityKey } = await rotateSecurityKey(ctx, { brandId: brand.id })
    expect(securityKey).not.toBe(keys.securityKey)
    expect(await getBrandSecurityKey(ctx, { brandId: brand.id })).toBe(securityKey)
  })
})
