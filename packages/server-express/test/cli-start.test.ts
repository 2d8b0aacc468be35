import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliEnv, type RunningCli, startCliProcess, stopCliProcess as stop } from './helpers/cli-process'
import { type TestDatabase, testDialects } from './helpers/test-databases'

/** Spawns `loyaltykit start` and resolves once the banner's curl lines are printed. */
const start = (env: NodeJS.ProcessEnv) => startCliProcess(['start'], env, /\/loyalty-api\/health/, 45_000)

describe.each(testDialects)('loyaltykit start on $dialect', ({ create }) => {
  let db: TestDatabase
  let env: NodeJS.ProcessEnv
  const running: RunningCli[] = []

  beforeAll(async () => {
    db = await create()
    env = cliEnv({
      LOYALTYKIT_DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl,
      LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex'),
      PORT: '0',
      HOST: '127.0.0.1',
    })
  })
  afterAll(async () => {
    for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL')
    await db?.drop()
  })

  it('creates the demo brand on a fresh data folder, answers health, stops on SIGTERM, and keeps the brand', async () => {
    const first = await start(env)
    running.push(first)
    const banner = first.stdout()
    const url = /listening on (http:\/\/localhost:\d+)/.exec(banner)?.[1]
    const brandId = /Demo brand: (0x[0-9a-f]{40})/.exec(banner)?.[1]
    expect(url).toBeDefined()
    expect(brandId).toBeDefined()
    expect(banner).toMatch(/security key: lksk_/)
    expect(banner).toMatch(/API key: +lk_/)
    expect(banner).toContain(`curl ${url}/loyalty-api/health`)
    expect(banner).toContain(`"brandId":"${brandId}","eventType":"account_creation"`)

    const base = (url as string).replace('localhost', '127.0.0.1')
    const health = await fetch(`${base}/loyalty-api/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({
      status: 'healthy',
      services: { database: 'connected', blockchain: 'connected', identity: 'connected' },
    })
    // Logs are JSON lines on stderr, each request with its id (written when the response finished).
    const id = health.headers.get('x-request-id')
    const requestLine = async () => {
      for (let i = 0; i < 100; i++) {
        const line = first
          .stderr()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Record<string, unknown>)
          .find((l) => l.msg === 'request' && l.requestId === id)
        if (line) return line
        await new Promise((r) => setTimeout(r, 20))
      }
      return undefined
    }
    expect(await requestLine()).toMatchObject({ path: '/loyalty-api/health', status: 200 })

    // The printed manual-event curl earns a reward on the embedded chain.
    const body = /-d '(\{.*\})'/.exec(banner)?.[1] as string
    const reward = await fetch(`${base}/loyalty-api/manual-event`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    })
    const rewarded = await reward.json()
    expect(reward.status, JSON.stringify(rewarded)).toBe(200)
    expect(rewarded).toMatchObject({
      success: true,
      eventType: 'account_creation',
      rewardAmount: 100,
      walletCreated: true,
    })
    expect(rewarded.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)

    // Keys shown once on stdout never reach the logs.
    const securityKey = /security key: (\S+)/.exec(banner)?.[1] as string
    const apiKey = /API key: +(\S+)/.exec(banner)?.[1] as string
    expect(first.stderr()).not.toContain(securityKey)
    expect(first.stderr()).not.toContain(apiKey)

    expect(await stop(first)).toBe(0)

    // Second start on the same data: same demo brand, keys not shown again, chain state replayed.
    const second = await start(env)
    running.push(second)
    expect(second.stdout()).toContain(`Demo brand: ${brandId}`)
    expect(second.stdout()).not.toContain('lksk_')
    const url2 = /listening on (http:\/\/localhost:\d+)/.exec(second.stdout())?.[1] as string
    const again = await fetch(`${url2.replace('localhost', '127.0.0.1')}/loyalty-api/health`)
    expect((await again.json()).status).toBe('healthy')
    expect(await stop(second)).toBe(0)
  })
})
