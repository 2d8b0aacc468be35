import { createTestContext } from '@loyaltykit/engine/testing'
import { describe, expect, it } from 'vitest'
import { createBrand } from '../src/brands/create-brand'
import { createNodeDnsResolver } from '../src/dns/dns-resolver'
import { parseLoyaltyTxt } from '../src/dns/parse-loyalty-txt'
import { verifyDns } from '../src/dns/verify-dns'
import { testDatabases, useTestStorage } from './support/test-databases'
import { startTxtDnsServer } from './support/txt-dns-server'

describe('parseLoyaltyTxt', () => {
  it('reads brand_id and api_key in any order and case', () => {
    expect(parseLoyaltyTxt('brand_id=0xAB;api_key=k1')).toEqual({ brandId: '0xab', apiKey: 'k1' })
    expect(parseLoyaltyTxt(' API_KEY = k2 ; Brand_Id=0xcd ')).toEqual({ brandId: '0xcd', apiKey: 'k2' })
    expect(parseLoyaltyTxt('brand_id=0xab')).toBeUndefined()
    expect(parseLoyaltyTxt('v=spf1 -all')).toBeUndefined()
  })
})

describe.each(testDatabases())('verifyDns against a real DNS server on $dialect', (db) => {
  const t = useTestStorage(db)

  it('answers dnsConfigured only when brand and key match', async () => {
    const ctx = createTestContext(t.storage)
    const { brand, keys } = await createBrand(ctx, { name: 'Dns', websites: ['https://dns.example.com'] })
    const other = await createBrand(ctx, { name: 'Other', websites: [] })
    const records = new Map<string, string[]>()
    const dns = await startTxtDnsServer(records)
    try {
      const resolver = createNodeDnsResolver({ servers: [dns.server], timeoutMs: 1000, tries: 1 })
      const check = (domain: string) => verifyDns(ctx, { domain }, { resolver })

      expect(await check('dns.example.com')).toEqual({
        success: true,
        domain: 'dns.example.com',
        dnsConfigured: false,
        brandId: null,
      })
      records.set('_loyalty.dns.example.com', ['v=spf1 -all', `brand_id=${brand.id};api_key=${keys.dnsKey}`])
      expect(await check('https://DNS.example.com/path')).toEqual({
        success: true,
        domain: 'dns.example.com',
        dnsConfigured: true,
        brandId: brand.id,
      })
      records.set('_loyalty.wrong.example.com', [`brand_id=${other.brand.id};api_key=${keys.dnsKey}`])
      expect((await check('wrong.example.com')).dnsConfigured).toBe(false)
      records.set('_loyalty.copycat.example.org', [`brand_id=${brand.id};api_key=${keys.dnsKey}`])
      expect((await check('copycat.example.org')).dnsConfigured).toBe(false)
      records.set('_loyalty.shop.dns.example.com', [`brand_id=${brand.id};api_key=not-the-key`])
      expect((await check('shop.dns.example.com')).dnsConfigured).toBe(false)
      records.set('_loyalty.shop.dns.example.com', [`brand_id=${brand.id};api_key=${keys.dnsKey}`])
      expect((await check('shop.dns.example.com')).dnsConfigured).toBe(true)
      await expect(check('not a domain')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' })
    } finally {
      await dns.close()
    }
  })

  it('answers 503-category errors when the DNS server does not answer', async () => {
    const ctx = createTestContext(t.storage)
    const resolver = createNodeDnsResolver({ servers: ['127.0.0.1:9'], timeoutMs: 200, tries: 1 })
    await expect(verifyDns(ctx, { domain: 'x.example.com' }, { resolver })).rejects.toMatchObject({
      code: 'UPSTREAM_DNS_FAILED',
      category: 'unavailable',
    })
  })
})
