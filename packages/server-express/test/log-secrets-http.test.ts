import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// The SDK's signing is how brands sign perk-charge requests with their security key.
import { signRequest } from '../../sdk/src/signing/sign-request'
import { MASTER_KEY_FILE } from '../src/config/master-key'
import { postJson } from './helpers/post-json'
import { queryTestDatabase } from './helpers/query-test-database'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const SITE = 'https://secrets.example.com'

// Every suite that starts a server through startTestServer is checked the same way when it closes
// the server; this suite sends one request of every kind that carries a secret, then shows that the
// check finds a secret that reaches a line.
describe.each(testDialects)('no secret in any log line on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let receiver: Server
  let receiverUrl: string
  const deliveries: string[] = []
  const opaque = `opaque-credential-${randomBytes(12).toString('hex')}`

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db, { LOYALTYKIT_TRUST_PROXY: '1' })
    receiver = createServer((req, res) => {
      req.on('data', () => {})
      req.on('end', () => {
        deliveries.push(String(req.headers['webhook-signature']))
        res.end('ok')
      })
    })
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`
  }, 60_000)
  afterAll(async () => {
    await new Promise((r) => receiver?.close(r))
    // The last test closes the server itself (and expects its check to fail).
    await s?.close().catch(() => {})
    await db?.drop()
  })

  it('logs every request at trace level, with headers and bodies, and never one of its secrets', async () => {
    const e = s.runtime.engine
    const { brand, keys } = await e.brands.create({ name: 'Secrets', websites: [SITE] })
    const bearer = (key: string) => ({ authorization: `Bearer ${key}`, 'x-forwarded-for': '203.0.113.50' })
    const event = {
      brandId: brand.id,
      eventType: 'account_creation',
      userEmail: 'ann@example.com',
      domain: 'secrets.example.com',
    }

    // Event handler with the brand API key (a custodial wallet and its private key are created).
    const manual = await postJson(s.base, '/loyalty-api/manual-event', event, bearer(keys.apiKey))
    expect(manual.status, await manual.clone().text()).toBe(200)
    const bulk = await postJson(s.base, '/loyalty-api/bulk-events', { events: [event] }, bearer(keys.apiKey))
    expect(bulk.status).toBe(200)
    expect((await postJson(s.base, '/loyalty-api/check-eligibility', event, bearer(keys.apiKey))).status).toBe(200)
    // The DNS key is refused where an events key is needed: it is a credential all the same.
    expect((await postJson(s.base, '/loyalty-api/manual-event', event, bearer(keys.dnsKey))).status).toBe(401)
    const invalidate = { api_url: 'https://api.example.com/can-purchase' }
    expect(
      (await postJson(s.base, '/constraint-updater/invalidate-external-api', invalidate, bearer(keys.apiKey))).status,
    ).toBe(200)
    expect((await postJson(s.base, '/loyalty-api/manual-event', event, bearer(opaque))).status).toBe(401)

    // Dev login: an access token, then the wallet API with it.
    const login = await (await postJson(s.base, '/auth/dev-login', { email: 'ann@example.com' })).json()
    expect(login.accessToken).toMatch(/^eyJ/)
    const wallet = await fetch(`${s.base}/wallet`, { headers: bearer(login.accessToken) })
    expect(wallet.status).toBe(200)

    // Perk charges signed with the brand's security key.
    const path = '/check-perk-status?collectionId=1&tokenId=1'
    const sig = await signRequest({ secret: keys.securityKey, method: 'GET', path })
    const perk = await fetch(`${s.base}${path}`, {
      headers: {
        'X-LOYALTY-Brand-Id': brand.id,
        'X-LOYALTY-Timestamp': sig.timestamp,
        'X-LOYALTY-Signature': sig.signature,
      },
    })
    expect(perk.status).not.toBe(401)

    // A webhook endpoint's signing secret, used for a signed delivery.
    const { secret } = await e.webhooks.setEndpoint({ brandId: brand.id, url: receiverUrl })
    expect(secret).toMatch(/^whsec_/)
    await e.webhooks.trigger({ brandId: brand.id }, { allowPrivateAddresses: true })
    expect(deliveries.some((d) => d.startsWith('v1,'))).toBe(true)

    // The lines are there, at trace level: headers (the credential redacted) and bodies.
    const manualLine = s.logs
      .lines()
      .find((l) => l.msg === 'request' && l.path === '/loyalty-api/manual-event' && l.status === 200)
    expect(manualLine).toMatchObject({
      headers: { authorization: '[REDACTED]' },
      body: { brandId: brand.id, userEmail: 'ann@example.com' },
      ip: '203.0.113.50',
    })
    expect(s.logs.raw.length).toBeGreaterThan(10)
    expect(await s.leaks()).toEqual([])
  })

  it('finds a secret that reaches a line: the server check fails', async () => {
    const [wallet] = await queryTestDatabase<{ k: string }>(db, 'SELECT encrypted_key AS k FROM wallets')
    const privateKey = s.runtime.keyVault.decrypt(wallet?.k as string)
    const masterKey = (await readFile(join(db.dataDir, MASTER_KEY_FILE), 'utf8')).trim()
    // Fields whose names say nothing of a secret: only the check can catch them.
    s.logger.info({ wallet: { hex: privateKey.slice(2) } }, 'planted')
    s.logger.info({ note: `seed ${masterKey}` }, 'planted')
    s.logger.info({ presented: opaque }, 'planted')
    expect((await s.leaks()).map((l) => l.kind).sort()).toEqual([
      'credential sent in Authorization',
      'custodial wallet private key',
      'master key',
    ])
    await expect(s.close()).rejects.toThrow(/3 log line\(s\) hold a secret/)
  })
})
