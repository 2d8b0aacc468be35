import { randomBytes } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { acceptEvent } from '@loyaltykit/engine/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webhooks as sdkWebhooks } from '../../sdk/src/index'
import { loadConfig } from '../src/config/load-config'
import { createLogger } from '../src/logging/create-logger'
import { openRuntime, type Runtime } from '../src/runtime/open-runtime'
import { runCliHere } from './helpers/run-cli-here'
import { type TestDatabase, testDialects } from './helpers/test-databases'

/** Runs the CLI in this process with its own stdout/stderr. */
async function cli(argv: string[], env: Record<string, string | undefined>) {
  const { code, stdout, stderr } = await runCliHere(argv, env)
  return { code, out: stdout, err: stderr }
}

async function withRuntime<T>(env: Record<string, string | undefined>, fn: (rt: Runtime) => Promise<T>): Promise<T> {
  const config = loadConfig(env)
  const rt = await openRuntime({ config, logger: createLogger({ level: 'silent' }), withChain: false })
  try {
    return await fn(rt)
  } finally {
    await rt.close()
  }
}

describe.each(testDialects)('loyaltykit webhook commands on $dialect', ({ create }) => {
  let db: TestDatabase
  let env: Record<string, string | undefined>
  let brandId: string
  const received: { headers: IncomingHttpHeaders; body: string }[] = []
  const receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => {
      body += c
    })
    req.on('end', () => {
      received.push({ headers: req.headers, body })
      res.writeHead(200).end()
    })
  })

  beforeAll(async () => {
    db = await create()
    env = {
      LOYALTYKIT_DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl,
      LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex'),
      NODE_ENV: 'test',
    }
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const created = await cli(
      ['brand', 'create', '--name', 'Hooks', '--website', 'https://hooks.example', '--json'],
      env,
    )
    expect(created.code).toBe(0)
    brandId = JSON.parse(created.out).brand.id
  })
  afterAll(async () => {
    receiver.closeAllConnections()
    await new Promise((resolve) => receiver.close(resolve))
    await db?.drop()
  })

  const receiverUrl = () => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`

  it('`webhook set --json` prints the signing secret once; it is stored encrypted, never in plain text', async () => {
    const r = await cli(['webhook', 'set', '--brand', brandId, '--url', receiverUrl(), '--json'], env)
    expect(r.err).toBe('')
    expect(r.code).toBe(0)
    const out = JSON.parse(r.out)
    expect(out.endpoint).toMatchObject({ brandId, url: receiverUrl(), enabled: true })
    const secret: string = out.secret
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(r.out.split(secret)).toHaveLength(2)
    const body = secret.slice('whsec_'.length)

    // Nowhere in the database in clear: not in the SQLite files, not in any PostgreSQL row.
    if (db.dialect === 'sqlite') {
      let sawBrand = false
      for (const file of await readdir(db.dataDir)) {
        const bytes = await readFile(join(db.dataDir, file))
        sawBrand ||= bytes.includes(brandId)
        expect(bytes.includes(body), file).toBe(false)
        expect(bytes.includes(Buffer.from(body, 'base64')), file).toBe(false)
      }
      expect(sawBrand).toBe(true) // the scan does read the stored rows
    }
    await withRuntime(env, async (rt) => {
      // The endpoint's own secret since endpoints are several per brand (migration 0027).
      const endpoint = await rt.engine.webhooks.getEndpoint({ brandId })
      const ciphertext = (await rt.storage.webhooks.getEndpointSecrets(endpoint!.id))?.secret
      expect(ciphertext).toBeDefined()
      expect(ciphertext).not.toContain(body)
      expect(rt.keyVault.decrypt(ciphertext!)).toBe(secret)
      expect(JSON.stringify(await rt.engine.webhooks.getEndpoint({ brandId }))).not.toContain(body)
    })

    // Human output: the secret once as well; a second set rotates it.
    const again = await cli(['webhook', 'set', '--brand', brandId, '--url', receiverUrl()], env)
    expect(again.code).toBe(0)
    const rotated = /whsec_\S+/.exec(again.out)?.[0]
    expect(rotated).toBeDefined()
    expect(rotated).not.toBe(secret)
    expect(again.out.split(rotated!)).toHaveLength(2)
    expect(again.out).toContain('shown once')

    const bad = await cli(['webhook', 'set', '--brand', brandId, '--url', 'ftp://x.example'], env)
    expect(bad.code).toBe(1)
    expect(bad.err).toMatch(/url/i)
  })

  it('`webhook deliveries` shows the log, `webhook redeliver` sends one again with the same webhook-id', async () => {
    const set = await cli(['webhook', 'set', '--brand', brandId, '--url', receiverUrl(), '--json'], env)
    const secret: string = JSON.parse(set.out).secret
    const accepted = await withRuntime(env, async (rt) => {
      const event = await acceptEvent(rt.engine.ctx, {
        brandId,
        eventType: 'account_creation',
        userEmail: 'cli@example.com',
        domain: 'hooks.example',
      })
      const now = Date.now()
      await rt.storage.transaction(async (tx) => {
        const batchId = `0x${randomBytes(32).toString('hex')}`
        await tx.mint.claimJobs({ batchId, chainId: 31337, signer: `0x${'1'.repeat(40)}`, limit: 100, now })
        await tx.mint.confirmBatch({ batchId, txHash: `0x${'ab'.repeat(32)}`, blockNumber: 1, now })
      })
      expect(await rt.engine.webhooks.createDispatcher({ jitter: 0, allowPrivateAddresses: true }).runOnce()).toBe(1)
      return event
    })
    expect(received).toHaveLength(1)
    await expect(sdkWebhooks.verify(received[0]!.body, received[0]!.headers, secret)).resolves.toMatchObject({
      event: 'tokens_distributed',
      brandId,
      email: 'cli@example.com',
      tokenAmount: 100,
    })

    const listed = await cli(['webhook', 'deliveries', '--brand', brandId, '--json'], env)
    expect(listed.code).toBe(0)
    const [delivery] = JSON.parse(listed.out)
    expect(delivery).toMatchObject({
      eventId: accepted.eventId,
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      nextAttemptAt: null,
    })
    expect(delivery.id).toBe(received[0]!.headers['webhook-id'])

    const redelivered = await cli(['webhook', 'redeliver', delivery.id, '--json'], env)
    expect(redelivered.code).toBe(0)
    expect(JSON.parse(redelivered.out)).toMatchObject({ id: delivery.id, status: 'pending', attempts: 0 })

    const table = await cli(['webhook', 'deliveries', '--brand', brandId, '--limit', '5'], env)
    expect(table.code).toBe(0)
    expect(table.out).toContain(`Endpoint: ${receiverUrl()}`)
    expect(table.out).toMatch(/ID\s+EVENT ID\s+STATUS\s+ATTEMPTS\s+LAST RESULT\s+NEXT ATTEMPT\s+DELIVERED AT/)
    expect(table.out).toMatch(
      new RegExp(`${delivery.id}\\s+${accepted.eventId}\\s+pending\\s+0\\s+HTTP 200\\s+\\d{4}-`),
    )

    await withRuntime(env, async (rt) => {
      expect(await rt.engine.webhooks.createDispatcher({ jitter: 0, allowPrivateAddresses: true }).runOnce()).toBe(1)
    })
    expect(received).toHaveLength(2)
    expect(received[1]!.headers['webhook-id']).toBe(delivery.id)

    const unknown = await cli(['webhook', 'redeliver', 'msg_nope'], env)
    expect(unknown.code).toBe(1)
    expect(unknown.err).toContain('msg_nope')
    const noId = await cli(['webhook', 'redeliver'], env)
    expect(noId.code).toBe(2)
  })

  it('`webhook disable` / `webhook enable` keep the URL and secret', async () => {
    const off = await cli(['webhook', 'disable', '--brand', brandId, '--json'], env)
    expect(off.code).toBe(0)
    expect(JSON.parse(off.out)).toMatchObject({ brandId, url: receiverUrl(), enabled: false })
    const shown = await cli(['webhook', 'deliveries', '--brand', brandId], env)
    expect(shown.out).toContain('DISABLED')
    const on = await cli(['webhook', 'enable', '--brand', brandId], env)
    expect(on.code).toBe(0)
    expect(on.out).toContain('enabled')
  })
})
