/**
 * Soak: `pnpm soak [-- --minutes 10 --rate R --window-seconds 30 --warmup-minutes 1 --postgres
 * --embedded-chain --json]`. Starts `loyaltykit start` (its own process, a fresh temp data folder:
 * SQLite, or PostgreSQL with --postgres) against `loyaltykit chain serve` in a process of its own, or
 * with --embedded-chain on the chain inside the server as a new user runs it (EDR keeps every state in
 * memory, so that server's RSS grows with the mints: docs/performance.md#soak), measures the maximum event rate with a short
 * closed-loop probe unless --rate is given, then drives a steady mix of routes (soak-mix.ts) at half
 * that rate, open loop, in windows. After each window it samples the server's resident memory
 * (/proc), its open handles and heap (GET /metrics) and the window's latencies. The verdict
 * (soak-report.ts): RSS and handles flat (< 10 % growth after warm-up), p99 stable, no error, every
 * mint confirmed. Exit 0 when flat, 1 when not. docs/performance.md#soak.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../src/config/load-config'
import { createLogger } from '../src/logging/create-logger'
import { openRuntime } from '../src/runtime/open-runtime'
import { freePort, serveChain, serverEnvOf } from '../test/helpers/chain-serve-process'
import { cliEnv, stopCliProcess } from '../test/helpers/cli-process'
import { createBenchDatabase } from './support/bench-database'
import { openBenchKysely } from './support/bench-kysely'
import { runLoad } from './support/load-generator'
import { countMintJobs, waitForMints } from './support/mint-figures'
import { readProcessMemory } from './support/process-memory'
import { EXPECTED_STATUS, soakKindOf, soakTarget } from './support/soak-mix'
import { parseSoakOptions, type SoakOptions } from './support/soak-options'
import { formatSoakReport, judgeSoak, type SoakReport, type SoakWindow } from './support/soak-report'
import { repoRoot, spawnBenchProcess } from './support/spawn-bench-process'

let options: SoakOptions
try {
  options = parseSoakOptions(process.argv.slice(2))
} catch (e) {
  process.stderr.write(`soak: ${(e as Error).message}\n`)
  process.exit(2)
}
const progress = (line: string) => process.stderr.write(`soak: ${line}\n`)
const DOMAIN = 'shop.soak.example'

const db = await createBenchDatabase('lk-soak-', options.postgres ? process.env.DATABASE_URL : undefined)
const serverEnv: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME }
for (const [k, v] of Object.entries(process.env)) if (/^(LOYALTYKIT_|LOG_LEVEL$|NODE_ENV$)/.test(k)) serverEnv[k] = v
Object.assign(serverEnv, {
  // One load generator stands for many users: the per-IP limits would cut it (docs/performance.md).
  LOYALTYKIT_EVENT_HANDLER_IP_PER_MINUTE: process.env.LOYALTYKIT_EVENT_HANDLER_IP_PER_MINUTE ?? '0',
  LOYALTYKIT_MEMBERS_IP_PER_MINUTE: process.env.LOYALTYKIT_MEMBERS_IP_PER_MINUTE ?? '0',
  // Repeat members send the same event again at once.
  LOYALTYKIT_DUPLICATE_WINDOW_MS: '0',
  LOYALTYKIT_DATA_DIR: db.dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
})
if (db.databaseUrl) serverEnv.DATABASE_URL = db.databaseUrl

const stops: Array<() => Promise<unknown>> = []
let cleaning: Promise<void> | undefined
const cleanUp = () => {
  cleaning ??= (async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {})
    await db.drop().catch((e: Error) => progress(`could not remove the soak database: ${e.message}`))
  })()
  return cleaning
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    progress(`${signal}: stopping the server and removing the data…`)
    void cleanUp().finally(() => process.exit(130))
  })
}

/** Gauges of the server's `/metrics` (prom-client text format). */
async function serverGauges(origin: string): Promise<{ activeHandles: number; heapUsedMb: number }> {
  const text = await (await fetch(`${origin}/metrics`)).text()
  const gauge = (name: string) =>
    Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN)
  return {
    activeHandles: gauge('nodejs_active_handles_total'),
    heapUsedMb: Math.round(gauge('nodejs_heap_size_used_bytes') / 1_048_576),
  }
}

let exitCode = 1
try {
  let chainPid: number | undefined
  if (!options.embeddedChain) {
    // The chain in its own process (as in a deployment with an RPC chain): the server's memory is
    // then judged without EDR's, which keeps every block's state in memory (docs/performance.md#soak).
    progress('starting the chain (loyaltykit chain serve)…')
    const chainDir = await mkdtemp(join(tmpdir(), 'lk-soak-chain-'))
    stops.push(() => rm(chainDir, { recursive: true, force: true }))
    const chain = await serveChain(
      await freePort(),
      cliEnv({ LOYALTYKIT_DATA_DIR: chainDir, LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex') }),
    )
    stops.push(() => stopCliProcess(chain))
    chainPid = chain.child.pid
    Object.assign(serverEnv, serverEnvOf(chain.stdout()))
  }
  const runtime = await openRuntime({
    config: loadConfig(serverEnv),
    logger: createLogger({ level: 'silent' }),
    withChain: false,
  })
  const { brand, keys } = await runtime.engine.brands.create({ name: 'Soak', websites: [`https://${DOMAIN}`] })
  const rule = await runtime.engine.rules.set({
    brandId: brand.id,
    eventType: 'soak_reward',
    custom: true,
    rewardAmount: 10,
    maxClaims: -1,
    cooldownHours: 0,
  })
  await runtime.close()

  progress('starting the server…')
  const server = await spawnBenchProcess({
    entry: join(repoRoot, 'packages/server-express/src/cli/main.ts'),
    args: ['start'],
    env: serverEnv,
    logFile: join(db.dataDir, 'server.log'),
  })
  stops.push(() => server.stop())
  const kysely = openBenchKysely(db)
  stops.push(() => kysely.destroy())

  const members = Array.from({ length: 200 }, (_, k) => `m${k}@soak.example`)
  const event = (email: string) =>
    JSON.stringify({ brandId: brand.id, eventType: rule.eventType, userEmail: email, domain: DOMAIN })
  const seeded = await runLoad(
    {
      origin: server.origin,
      request: (i) => ({ method: 'POST', path: '/loyalty-api/manual-event', body: event(members[i % 200] as string) }),
    },
    { connections: 10, seconds: 1, rate: 200 },
  )
  if (seeded.failures > 0) throw new Error(`seeding members failed: ${JSON.stringify(seeded.statuses)}`)

  let rate = options.rate
  let probeMax: number | null = null
  if (rate === undefined) {
    progress(`probing the maximum event rate (${options.probeSeconds} s, closed loop)…`)
    const probe = await runLoad(
      {
        origin: server.origin,
        request: (i) => ({ method: 'POST', path: '/loyalty-api/manual-event', body: event(`p${i}@soak.example`) }),
      },
      { connections: options.connections, seconds: options.probeSeconds },
    )
    probeMax = Math.round((probe.statuses['200'] ?? 0) / probe.seconds)
    rate = Math.max(1, Math.floor(probeMax / 2))
    await waitForMints(kysely, 60_000)
  }

  const windowCount = Math.floor((options.minutes * 60) / options.windowSeconds)
  const warmupWindows = Math.ceil((options.warmupMinutes * 60) / options.windowSeconds)
  progress(`${windowCount} windows of ${options.windowSeconds} s at ${rate} requests/s (${warmupWindows} warm-up)…`)
  const windows: SoakWindow[] = []
  for (let w = 0; w < windowCount; w++) {
    let errors = 0
    const target = soakTarget({
      origin: server.origin,
      brandId: brand.id,
      apiKey: keys.apiKey,
      eventType: rule.eventType,
      domain: DOMAIN,
      members,
      tag: `w${w}`,
    })
    const load = await runLoad(
      target,
      { connections: options.connections, seconds: options.windowSeconds, rate },
      (r) => {
        if (r.status !== EXPECTED_STATUS[soakKindOf(r.index)]) {
          if (errors < 3)
            progress(
              `window ${w}: request ${r.index} (${soakKindOf(r.index)}) answered ${r.status}: ${r.body.slice(0, 200)}`,
            )
          errors++
        }
      },
    )
    const memory = readProcessMemory(server.pid)
    const chainMemory = chainPid === undefined ? undefined : readProcessMemory(chainPid)
    const gauges = await serverGauges(server.origin)
    const mintJobs = await countMintJobs(kysely)
    const round = (n: number) => Math.round(n * 10) / 10
    windows.push({
      index: w,
      startSecond: w * options.windowSeconds,
      warmup: w < warmupWindows,
      requests: load.requests,
      statuses: load.statuses,
      errors,
      latencyMs: {
        p50: round(load.latencyMs.p50),
        p90: round(load.latencyMs.p90),
        p95: round(load.latencyMs.p95),
        p99: round(load.latencyMs.p99),
        max: round(load.latencyMs.max),
      },
      rssMb: Math.round((memory?.rssKb ?? 0) / 1024),
      ...(chainMemory ? { chainRssMb: Math.round(chainMemory.rssKb / 1024) } : {}),
      mintJobs,
      ...gauges,
    })
    progress(
      `window ${w}: ${load.requests} requests, ${errors} errors, p99 ${load.latencyMs.p99.toFixed(1)} ms, RSS ${windows.at(-1)?.rssMb} MB, ${gauges.activeHandles} handles`,
    )
  }
  const unconfirmed = await waitForMints(kysely, 120_000)
  const report: SoakReport = {
    storage: db.databaseUrl ? 'postgres' : 'sqlite',
    chain: options.embeddedChain ? 'embedded' : 'process',
    rate,
    rateSource: options.rate === undefined ? 'half of the probe' : 'given',
    probeMaxEventsPerSecond: probeMax,
    minutes: options.minutes,
    windowSeconds: options.windowSeconds,
    windows,
    verdict: judgeSoak(windows, unconfirmed),
  }
  const stopCode = await server.stop()
  if (stopCode !== 0) progress(`the server exited with ${stopCode} on SIGTERM`)
  process.stdout.write(`${options.json ? JSON.stringify(report) : formatSoakReport(report)}\n`)
  exitCode = report.verdict.ok && stopCode === 0 ? 0 : 1
} catch (e) {
  progress(`failed: ${(e as Error).stack ?? e}`)
} finally {
  await cleanUp()
}
process.exit(exitCode)
