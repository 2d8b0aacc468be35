import { randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webhooks as sdkWebhooks } from '../../sdk/src/index'
import { cliEnv, runCliProcess } from './helpers/cli-process'
import { runCliHere } from './helpers/run-cli-here'
import { type TestDatabase, testDialects } from './helpers/test-databases'

describe.each(testDialects)('loyaltykit webhook trigger on $dialect (real processes)', ({ create }) => {
  let db: TestDatabase
  let env: Record<string, string | undefined>
  let brandId: string
  let secret: string
  let status = 200
  const received: { headers: IncomingHttpHeaders; body: string }[] = []
  const receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => {
      body += c
    })
    req.on('end', () => {
      received.push({ headers: req.headers, body })
      res.writeHead(status).end(status >= 300 ? 'handler crashed' : '')
    })
  })

  beforeAll(async () => {
    db = await create()
    env = {
      LOYALTYKIT_DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl,
      LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex'),
      NODE_ENV: 'test',
      LOYALTYKIT_WEBHOOK_ALLOW_PRIVATE: 'true',
    }
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`
    const created = await runCliHere(
      ['brand', 'create', '--name', 'Hooks', '--website', 'https://h.example', '--json'],
      env,
    )
    brandId = created.json().brand.id
    secret = (await runCliHere(['webhook', 'set', '--brand', brandId, '--url', url, '--json'], env)).json().secret
  })
  afterAll(async () => {
    receiver.closeAllConnections()
    await new Promise((resolve) => receiver.close(resolve))
    await db?.drop()
  })

  it('sends a signed sample now, prints the status and latency, and the log shows it as a test delivery', async () => {
    status = 200
    const r = await runCliProcess(['webhook', 'trigger', '--brand', brandId], cliEnv(env))
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const m = /^Test tokens_distributed (msg_[0-9a-f]{32}) sent to (\S+): HTTP 200 in (\d+(\.\d+)?) ms\n$/.exec(
      r.stdout,
    )
    expect(m, r.stdout).not.toBeNull()
    expect(received).toHaveLength(1)
    const [request] = received
    expect(request!.headers['webhook-id']).toBe(m![1])
    const event = await sdkWebhooks.verify(request!.body, request!.headers, secret)
    expect(event).toMatchObject({ event: 'tokens_distributed', brandId, tokenAmount: 100 })

    const log = await runCliHere(['webhook', 'deliveries', '--brand', brandId, '--json'], env)
    expect(log.json()).toEqual([
      expect.objectContaining({ id: m![1], test: true, status: 'delivered', attempts: 1, lastStatusCode: 200 }),
    ])
    const table = await runCliHere(['webhook', 'deliveries', '--brand', brandId], env)
    expect(table.stdout).toMatch(new RegExp(`${m![1]}\\s+test_[0-9a-f]{32}\\s+delivered\\s+1\\s+HTTP 200`))
  })

  it('--json prints the delivery, the payload sent, the status and the latency', async () => {
    status = 202
    const r = await runCliProcess(
      ['webhook', 'trigger', '--brand', brandId, '--event', 'tokens_distributed', '--json'],
      cliEnv(env),
    )
    expect(r.code).toBe(0)
    const out = JSON.parse(r.stdout)
    expect(out).toMatchObject({ acknowledged: true, statusCode: 202, error: null, delivery: { test: true } })
    expect(out.payload).toEqual(JSON.parse(received.at(-1)!.body))
    expect(out.latencyMs).toBeGreaterThan(0)
  })

  it('an endpoint that refuses it: the status on stdout, one line on stderr, exit 1', async () => {
    status = 500
    const r = await runCliProcess(['webhook', 'trigger', '--brand', brandId], cliEnv(env))
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/: HTTP 500 in \d+(\.\d+)? ms \(HTTP 500: handler crashed\)\n$/)
    expect(r.stderr).toBe('loyaltykit: the endpoint did not acknowledge the test delivery: HTTP 500: handler crashed\n')
    const [latest] = (await runCliHere(['webhook', 'deliveries', '--brand', brandId, '--json'], env)).json()
    expect(latest).toMatchObject({ test: true, status: 'failed', lastStatusCode: 500, nextAttemptAt: null })
  })

  it('an unknown event type is a usage error listing the valid ones; a brand without endpoint exits 1', async () => {
    const before = received.length
    const bad = await runCliProcess(['webhook', 'trigger', '--brand', brandId, '--event', 'points_spent'], cliEnv(env))
    expect(bad.code).toBe(2)
    expect(bad.stderr).toBe(
      'loyaltykit webhook trigger: unknown event type "points_spent"; --event takes one of tokens_distributed (see `loyaltykit webhook trigger --help`)\n',
    )
    const other = (
      await runCliHere(['brand', 'create', '--name', 'Bare', '--website', 'https://b.example', '--json'], env)
    ).json()
    const none = await runCliHere(['webhook', 'trigger', '--brand', other.brand.id], env)
    expect(none.code).toBe(1)
    expect(none.stderr).toBe(`loyaltykit: Brand ${other.brand.id} has no webhook endpoint\n`)
    expect(received.length).toBe(before)
  })
})
