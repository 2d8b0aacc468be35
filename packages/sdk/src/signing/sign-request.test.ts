import { createHash, createHmac } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { type ScriptedServer, startScriptedServer } from '../../test/helpers/scripted-server'
import { createLoyaltyClient } from '../client/create-loyalty-client'
import { canonicalRequest, signRequest } from './sign-request'

/** The scheme from DESIGN.md "Decisions", computed independently with node:crypto. */
function expectedSignature(secret: string, timestamp: string, method: string, path: string, body: string) {
  const canonical = `${timestamp}\n${method}\n${path}\n${createHash('sha256').update(body).digest('hex')}`
  return createHmac('sha256', secret).update(canonical).digest('hex')
}

describe('signRequest', () => {
  it('matches a known answer (fixed vector)', async () => {
    const signed = await signRequest({
      secret: 'sk_test_secret',
      timestamp: 1_700_000_000,
      method: 'post',
      path: '/redeem-perk?x=1',
      body: '{"tokenId":"7"}',
    })
    expect(signed.timestamp).toBe('1700000000')
    expect(signed.canonical).toBe(
      `1700000000\nPOST\n/redeem-perk?x=1\n${createHash('sha256').update('{"tokenId":"7"}').digest('hex')}`,
    )
    expect(signed.signature).toBe(
      expectedSignature('sk_test_secret', '1700000000', 'POST', '/redeem-perk?x=1', '{"tokenId":"7"}'),
    )
    expect(signed.signature).toMatch(/^[0-9a-f]{64}$/)
  })

  it('hashes an absent body as the empty string, handles UTF-8, and reduces a full URL to path and query', async () => {
    const canonical = await canonicalRequest({ timestamp: 1, method: 'GET', path: 'https://h.example/a/b?c=d' })
    expect(canonical).toBe(`1\nGET\n/a/b?c=d\n${createHash('sha256').update('').digest('hex')}`)

    const body = '{"name":"café ☕"}'
    const signed = await signRequest({ secret: 'kéy', timestamp: 5, method: 'POST', path: '/p', body })
    expect(signed.signature).toBe(expectedSignature('kéy', '5', 'POST', '/p', body))
  })
})

describe('signed requests through the client', () => {
  let server: ScriptedServer | undefined
  afterEach(async () => {
    await server?.close()
    server = undefined
  })

  it('brand-signed POST: headers carry a signature over the exact bytes sent, fresh timestamp per retry', async () => {
    server = await startScriptedServer([{ status: 503 }, { status: 200, body: { success: true } }])
    let now = 1_700_000_000_000
    const client = createLoyaltyClient({
      baseUrl: server.url,
      brandId: `0x${'b'.repeat(40)}`,
      brandSecurityKey: 'brand-key',
      now: () => {
        now += 1500
        return now
      },
      sleep: async () => {},
    })
    await client.request({
      name: 'perks.redeem',
      method: 'POST',
      path: '/redeem-perk',
      query: { dry: 'false' },
      body: { tokenId: '7', charges: 1 },
      auth: 'brandSignature',
    })

    expect(server.requests).toHaveLength(2)
    const timestamps = server.requests.map((r) => r.headers['x-loyalty-timestamp'])
    expect(timestamps[0]).not.toBe(timestamps[1])
    for (const r of server.requests) {
      expect(r.headers['x-loyalty-brand-id']).toBe(`0x${'b'.repeat(40)}`)
      const ts = r.headers['x-loyalty-timestamp'] as string
      expect(ts).toMatch(/^\d{10}$/)
      expect(r.headers['x-loyalty-signature']).toBe(expectedSignature('brand-key', ts, 'POST', r.url, r.body))
    }
    expect(server.requests[0]?.url).toBe('/redeem-perk?dry=false')
  })

  it('agent-signed GET signs the empty body; a missing secret fails before any request', async () => {
    server = await startScriptedServer([{ status: 200, body: { data: {}, meta: { tool: 't' } } }])
    const client = createLoyaltyClient({ baseUrl: server.url, agentKeyId: 'ak_1', agentSecret: 'agent-secret' })
    await client.request({
      name: 'agent.balance',
      method: 'GET',
      path: '/api/v1/users/u/brands/b/balance',
      auth: 'agentSignature',
    })
    const r = server.requests[0]!
    expect(r.headers['x-loyalty-agent-key']).toBe('ak_1')
    const ts = r.headers['x-loyalty-timestamp'] as string
    expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(60)
    expect(r.headers['x-loyalty-signature']).toBe(expectedSignature('agent-secret', ts, 'GET', r.url, ''))

    const unsigned = createLoyaltyClient({ baseUrl: server.url, agentKeyId: 'ak_1' })
    await expect(
      unsigned.request({ name: 'agent.balance', method: 'GET', path: '/x', auth: 'agentSignature' }),
    ).rejects.toThrow(/agentSecret/)
    expect(server.requests).toHaveLength(1)
  })
})
