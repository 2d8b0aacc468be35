import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLoyaltyClient, signRequest } from '../src/index'
import { type ScriptedServer, startScriptedServer } from './helpers/scripted-server'

// URL composition only (the endpoints themselves are tested against the real server in server.test.ts):
// relayer routes go below `relayerUrl`, and brand signatures cover that full path.
let server: ScriptedServer
beforeAll(async () => {
  server = await startScriptedServer([{ status: 200, body: { success: true } }])
})
afterAll(() => server.close())

describe('relayerUrl', () => {
  it('relay, perk-charge and points-sale calls go below relayerUrl, signed over the path the server sees', async () => {
    const client = createLoyaltyClient({
      baseUrl: `${server.url}/api`,
      relayerUrl: `${server.url}/relayer/`,
      brandId: `0x${'b'.repeat(40)}`,
      brandSecurityKey: 'brand-key',
      accessToken: 'user-token',
    })
    await client.perks.status({ collectionId: 1, tokenId: '2' })
    const perk = server.requests.at(-1)!
    expect(perk.url).toBe('/relayer/check-perk-status?collectionId=1&tokenId=2')
    const timestamp = perk.headers['x-loyalty-timestamp'] as string
    const { signature } = await signRequest({ secret: 'brand-key', timestamp, method: 'GET', path: perk.url })
    expect(perk.headers['x-loyalty-signature']).toBe(signature)

    await client.relay.execute({ to: `0x${'c'.repeat(40)}`, data: '0x00', userAddress: `0x${'d'.repeat(40)}` })
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', url: '/relayer/relay' })
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer user-token')

    await client.pointsSale.list({ brandId: `0x${'e'.repeat(40)}`, available: true })
    expect(server.requests.at(-1)).toMatchObject({
      method: 'GET',
      url: `/relayer/points-sale/items?brandId=0x${'e'.repeat(40)}&available=true`,
    })
    // A public read: the client's access token is not sent along.
    expect(server.requests.at(-1)?.headers.authorization).toBeUndefined()

    await client.health.get()
    expect(server.requests.at(-1)?.url).toBe('/api/loyalty-api/health')
  })
})
