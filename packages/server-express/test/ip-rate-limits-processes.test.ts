import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, serveChain, serverEnvOf } from './helpers/chain-serve-process'
import { cliEnv, type RunningCli, startCliProcess, stopCliProcess } from './helpers/cli-process'
import { runCliHere } from './helpers/run-cli-here'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const LIMIT = 3

/** Windows are clock minutes: start a burst with at least 15 s left in the current one. */
async function insideOneMinute() {
  const left = 60_000 - (Date.now() % 60_000)
  if (left < 15_000) await new Promise((r) => setTimeout(r, left + 50))
}

/** The JSON lines a server process wrote on stderr (not a terminal: JSON, one object a line). */
const jsonLines = (p: RunningCli) =>
  p
    .stderr()
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>)

/**
 * Two `loyaltykit start` processes on one database (and one dev chain, `loyaltykit chain serve`),
 * each with its own connection pool: the per-IP windows are the deployment's, not a process's.
 */
describe.each(testDialects)('per-IP limits shared by two server processes on one $dialect database', ({ create }) => {
  let db: TestDatabase
  let chainDir: string
  const running: RunningCli[] = []
  let bases: [string, string]
  let servers: [RunningCli, RunningCli]
  let apiKey: string
  let brandId: string

  beforeAll(async () => {
    db = await create()
    chainDir = await mkdtemp(join(tmpdir(), 'lk-limits-chain-'))
    const port = await freePort()
    const chainEnv = cliEnv({ LOYALTYKIT_DATA_DIR: chainDir, LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex') })
    const chain = await serveChain(port, chainEnv)
    running.push(chain)
    const chainVars = serverEnvOf(chain.stdout())
    const env = cliEnv({
      ...chainVars,
      LOYALTYKIT_DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl,
      LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex'),
      LOYALTYKIT_DEMO_BRAND: 'false',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'trace',
      // One proxy in front: the client is the last X-Forwarded-For entry.
      LOYALTYKIT_TRUST_PROXY: '1',
      LOYALTYKIT_PREGENERATION_IP_PER_MINUTE: String(LIMIT),
      LOYALTYKIT_EVENT_HANDLER_IP_PER_MINUTE: String(LIMIT),
      LOYALTYKIT_RATE_LIMIT_IPV6_SUBNET: '64',
    })
    const created = await runCliHere(
      ['brand', 'create', '--name', 'Limits', '--website', 'https://limits.example', '--json'],
      env,
    )
    brandId = created.json().brand.id
    apiKey = created.json().keys.apiKey
    expect(apiKey).toMatch(/^lk_/)
    // The keys go to stdout, once; the command's (trace) logs do not carry them.
    expect(created.stderr).toContain('brand created')
    expect(created.stderr).not.toContain(apiKey)
    const started = await Promise.all(
      [1, 2].map(() => startCliProcess(['start'], env, /\/loyalty-api\/health/, 120_000)),
    )
    running.push(...started)
    servers = started as [RunningCli, RunningCli]
    bases = started.map((s) => `http://127.0.0.1:${/listening on http:\/\/localhost:(\d+)/.exec(s.stdout())?.[1]}`) as [
      string,
      string,
    ]
  }, 300_000)
  afterAll(async () => {
    for (const p of running) if (p.child.exitCode === null) p.child.kill('SIGKILL')
    await db?.drop()
    await rm(chainDir, { recursive: true, force: true })
  })

  /** The two processes in turn. */
  const baseOf = (i: number) => bases[i % 2 === 0 ? 0 : 1]

  const pregenerate = (base: string, ip: string, requestId?: string) =>
    fetch(`${base}/loyalty-api/pregenerate-user`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': ip,
        ...(requestId ? { 'x-request-id': requestId } : {}),
      },
      body: '{}',
    })

  it('counts one window for an address across both processes: X-RateLimit-*, then 429 with Retry-After from either', async () => {
    await insideOneMinute()
    const ip = `198.51.${randomBytes(2).join('.')}`
    const nextMinute = (Math.floor(Date.now() / 60_000) + 1) * 60
    const run = `proc-${randomBytes(4).toString('hex')}`
    const order = [0, 1, 0, 1, 0] as const
    const answers: Response[] = []
    for (const [i, which] of order.entries()) answers.push(await pregenerate(bases[which], ip, `${run}-${i}`))
    expect(answers.slice(0, LIMIT).map((r) => r.status)).not.toContain(429)
    expect(answers.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0', '0', '0'])
    expect(answers.map((r) => r.headers.get('x-ratelimit-limit'))).toEqual(Array(5).fill(String(LIMIT)))
    expect(answers.map((r) => r.headers.get('x-ratelimit-reset'))).toEqual(Array(5).fill(String(nextMinute)))
    for (const refused of answers.slice(LIMIT)) {
      expect(refused.status).toBe(429)
      const retryAfter = Number(refused.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThanOrEqual(1)
      expect(retryAfter).toBeLessThanOrEqual(60)
      expect(await refused.json()).toMatchObject({ error: 'Rate limit exceeded, please try again later', scope: 'ip' })
    }
    // Another address is served by both.
    for (const base of bases)
      expect((await pregenerate(base, `198.51.${randomBytes(2).join('.')}`)).status).not.toBe(429)

    // Each request id came back and is on the line of the process that served it (pino-http, JSON on stderr).
    expect(answers.map((r) => r.headers.get('x-request-id'))).toEqual(order.map((_, i) => `${run}-${i}`))
    for (const [i, which] of order.entries()) {
      const line = jsonLines(servers[which]).find((l) => l.msg === 'request' && l.requestId === `${run}-${i}`)
      expect(line).toMatchObject({ path: '/loyalty-api/pregenerate-user', status: answers[i]?.status, ip })
      expect(jsonLines(servers[which === 0 ? 1 : 0]).some((l) => l.requestId === `${run}-${i}`)).toBe(false)
    }
  })

  it('groups IPv6 clients by /64 (LOYALTYKIT_RATE_LIMIT_IPV6_SUBNET=64) across both processes', async () => {
    await insideOneMinute()
    const net = `2001:db8:${randomBytes(2).toString('hex')}`
    const one64 = [`${net}:7::1`, `${net}:7::2`, `${net}:7:ffff:ffff:ffff:ffff`, `${net}:7::beef`]
    const statuses: number[] = []
    for (const [i, ip] of one64.entries()) statuses.push((await pregenerate(baseOf(i), ip)).status)
    expect(statuses.slice(0, LIMIT)).not.toContain(429)
    expect(statuses[LIMIT]).toBe(429)
    // Another /64 of the same /56 has its own window.
    expect((await pregenerate(bases[0], `${net}:8::1`)).status).not.toBe(429)
  })

  it('does not count a brand API key across processes, and no process logs it', async () => {
    await insideOneMinute()
    const ip = `198.51.${randomBytes(2).join('.')}`
    const event = { brandId, eventType: 'account_creation', userEmail: 'x@example.com', domain: 'limits.example' }
    const send = (base: string, headers: Record<string, string>) =>
      fetch(`${base}/loyalty-api/check-eligibility`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
        body: JSON.stringify(event),
      })
    const keyed: number[] = []
    for (let i = 0; i < LIMIT * 2; i++)
      keyed.push((await send(baseOf(i), { authorization: `Bearer ${apiKey}` })).status)
    expect(keyed).not.toContain(429)
    const anonymous: number[] = []
    for (let i = 0; i <= LIMIT; i++) anonymous.push((await send(baseOf(i), {})).status)
    expect(anonymous.slice(0, LIMIT)).not.toContain(429)
    expect(anonymous[LIMIT]).toBe(429)

    // The processes logged every request at trace level (headers, bodies) as JSON, the key redacted.
    for (const s of servers) {
      const lines = jsonLines(s)
      expect(
        lines.some(
          (l) =>
            l.path === '/loyalty-api/check-eligibility' &&
            (l.headers as Record<string, string>)?.authorization === '[REDACTED]',
        ),
      ).toBe(true)
      expect(s.stderr()).not.toContain(apiKey)
      expect(s.stderr()).not.toContain(apiKey.slice(3, 20))
    }
  })

  it('both processes stop cleanly', async () => {
    for (const s of servers) expect(await stopCliProcess(s)).toBe(0)
  })
})
