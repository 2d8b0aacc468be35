/**
 * Event throughput benchmark: `pnpm bench:events [-- --connections 50 --seconds 30 --rate R
 * --repeat-users N --preload N --postgres --json]`. What it does and what each figure means:
 * docs/performance.md.
 *
 * The server runs as a new user runs it (`loyaltykit start` from source, its own process, a fresh
 * temp data folder: SQLite + the embedded EDR chain, or PostgreSQL with --postgres); this process
 * creates a brand with a rule that any user may claim at any time, optionally preloads history,
 * drives `POST /loyalty-api/manual-event` over loopback keep-alive connections, then reads the
 * run's mints back from the database and their receipts from the chain. In the same run a bare
 * Express endpoint doing one SQLite insert per request is driven by the same load generator: the
 * baseline.
 */
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { silentLogger } from '@loyaltykit/engine'
import { DEFAULT_EVENT_RULES } from '@loyaltykit/engine/testing'
import { openChain } from '../src/chain/open-chain'
import { loadConfig } from '../src/config/load-config'
import { createLogger } from '../src/logging/create-logger'
import { openRuntime } from '../src/runtime/open-runtime'
import { openStorage } from '../src/storage/open-storage'
import { createBenchDatabase } from './support/bench-database'
import { openBenchKysely } from './support/bench-kysely'
import { type EventsOptions, parseEventsOptions } from './support/events-options'
import { type EventsReport, formatEventsReport } from './support/events-report'
import { measureMemberReads } from './support/ledger-bench'
import { type LoadShape, type LoadTarget, runLoad } from './support/load-generator'
import { mintFigures, readRunMints, waitForMints } from './support/mint-figures'
import { preloadDatabase, preloadMemberEmail } from './support/preload-database'
import { repoRoot, spawnBenchProcess } from './support/spawn-bench-process'

let options: EventsOptions
try {
  options = parseEventsOptions(process.argv.slice(2))
} catch (e) {
  process.stderr.write(`bench:events: ${(e as Error).message}\n`)
  process.exit(2)
}
const { connections: CONNECTIONS, seconds: SECONDS, rate: RATE, repeatUsers: REPEAT_USERS } = options
const { preload: PRELOAD, members: MEMBERS, preloadEvents: PRELOAD_EVENTS } = options
const { warmupSeconds: WARMUP, baselineSeconds: BASELINE_SECONDS } = options
const progress = (line: string) => process.stderr.write(`bench:events: ${line}\n`)

const db = await createBenchDatabase('lk-bench-events-', options.postgres ? process.env.DATABASE_URL : undefined)
const { dataDir, databaseUrl } = db
// The server's environment: a new user's defaults, plus the bench's own LOYALTYKIT_* / LOG_LEVEL.
const serverEnv: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME }
for (const [k, v] of Object.entries(process.env)) if (/^(LOYALTYKIT_|LOG_LEVEL$|NODE_ENV$)/.test(k)) serverEnv[k] = v
Object.assign(serverEnv, {
  // One load generator on one address stands for many users: the per-IP limit of the event handler
  // (600/min by default) would cut the run after its first seconds. Set it to measure the limiter.
  LOYALTYKIT_EVENT_HANDLER_IP_PER_MINUTE: process.env.LOYALTYKIT_EVENT_HANDLER_IP_PER_MINUTE ?? '0',
  LOYALTYKIT_DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  // Repeat users send the same event type again at once: no duplicate window (rule: no cooldown).
  ...(REPEAT_USERS ? { LOYALTYKIT_DUPLICATE_WINDOW_MS: '0' } : {}),
})
if (databaseUrl) serverEnv.DATABASE_URL = databaseUrl
const stops: Array<() => Promise<unknown>> = []
let exitCode = 0
let cleaning: Promise<void> | undefined
let interrupted = false
/** Stops the processes this benchmark started and drops its database; once. */
const cleanUp = () => {
  cleaning ??= (async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {})
    await db.drop().catch((e: Error) => progress(`could not remove the bench database: ${e.message}`))
  })()
  return cleaning
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true
    progress(`${signal}: stopping the server and removing the data…`)
    void cleanUp().finally(() => process.exit(130))
  })
}

try {
  const config = loadConfig(serverEnv)
  // Brand, rule and preload, before the server opens the database.
  const runtime = await openRuntime({
    config,
    logger: createLogger({ level: 'silent' }),
    withChain: false,
  })
  const engine = runtime.engine
  const { brand, keys } = await engine.brands.create({ name: 'Bench', websites: ['https://shop.bench.example'] })
  const rule = await engine.rules.set({
    brandId: brand.id,
    eventType: 'bench_reward',
    custom: true,
    rewardAmount: 10,
    maxClaims: -1,
    cooldownHours: 0,
  })
  const keyVault = runtime.keyVault
  await runtime.close()
  let preload: EventsReport['preload'] = null
  if (MEMBERS > 0) {
    progress(`preloading ${PRELOAD_EVENTS} events of ${MEMBERS} members…`)
    const kysely = openBenchKysely(db)
    let shown = 0
    try {
      preload = await preloadDatabase(kysely, {
        brandId: brand.id,
        rules: [rule, ...DEFAULT_EVENT_RULES],
        events: PRELOAD_EVENTS,
        members: MEMBERS,
        keyVault,
        now: Date.now(),
        onProgress: (done) => {
          if (done - shown < 100_000) return
          shown = done
          progress(`  ${done} events`)
        },
      })
    } finally {
      await kysely.destroy()
    }
  }

  progress('starting the server…')
  const server = await spawnBenchProcess({
    entry: join(repoRoot, 'packages/server-express/src/cli/main.ts'),
    args: ['start'],
    env: serverEnv,
    logFile: join(dataDir, 'server.log'),
    ...(options.cpuProf ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${resolve(options.cpuProf)}`] } : {}),
  })
  stops.push(() => server.stop())
  const runTag = Math.random().toString(36).slice(2, 8)
  const events = (tag: string): LoadTarget => ({
    origin: server.origin,
    request: (i) => ({
      method: 'POST',
      path: '/loyalty-api/manual-event',
      body: JSON.stringify({
        brandId: brand.id,
        eventType: rule.eventType,
        userEmail: REPEAT_USERS ? preloadMemberEmail(i % REPEAT_USERS) : `u${i}-${tag}-${runTag}@bench.example`,
        domain: 'shop.bench.example',
      }),
    }),
  })
  const kysely = openBenchKysely(db)
  stops.push(() => kysely.destroy())
  if (WARMUP > 0) {
    progress(`warm-up ${WARMUP} s…`)
    await runLoad(events('w'), { connections: CONNECTIONS, seconds: WARMUP })
    await waitForMints(kysely, 60_000)
  }

  const shape: LoadShape = { connections: CONNECTIONS, seconds: SECONDS, rate: RATE }
  progress(`measuring ${RATE === undefined ? 'closed loop' : `open loop at ${RATE}/s`} for ${SECONDS} s…`)
  const answered = new Map<string, string | null>()
  const errors: string[] = []
  const cpuAtStart = server.cpuMs()
  const load = await runLoad(events('m'), shape, (r) => {
    if (r.status !== 200) {
      if (errors.length < 5) errors.push(`${r.status || 'no answer'} ${r.body.slice(0, 300)}`)
      return
    }
    const body = JSON.parse(r.body) as { eventId: string; transactionHash: string | null }
    answered.set(body.eventId, body.transactionHash)
  })
  for (const e of errors) progress(`failed: ${e}`)
  const unconfirmedAfterWait = await waitForMints(kysely, 120_000)
  const cpuAtEnd = server.cpuMs()

  let reads: EventsReport['reads'] = null
  if (PRELOAD > 0) {
    try {
      reads = await measureMemberReads({
        origin: server.origin,
        apiKey: keys.apiKey,
        emails: Array.from({ length: Math.min(MEMBERS, 10_000) }, (_, m) => preloadMemberEmail(m)),
        connections: CONNECTIONS,
        seconds: Math.min(SECONDS, 10),
      })
    } catch (e) {
      reads = { error: (e as Error).message }
      exitCode = 1
    }
  }
  const serverPeakRssMb = server.peakRssMb()
  progress('stopping the server, reading the mints back…')
  const stopCode = await server.stop()
  if (stopCode !== 0) throw new Error(`the server exited with ${stopCode} on SIGTERM; log: ${server.logFile}`)
  const runMints = await readRunMints(kysely, answered)
  await kysely.destroy()
  // The embedded chain lives in the server process: reopen it (journal replay) for the receipts.
  const storage = await openStorage({ databaseUrl, dataDir })
  const chain = await openChain({
    config: config.chain,
    storage,
    keyVault,
    logger: silentLogger,
  })
  const mints = await mintFigures(runMints, chain).finally(async () => {
    await chain.close()
    await storage.close()
  })
  if (!mints.crossCheck.ok) exitCode = 1

  progress(`baseline: bare Express + one SQLite insert, ${BASELINE_SECONDS} s…`)
  const bare = await spawnBenchProcess({
    entry: join(repoRoot, 'packages/server-express/bench/support/bare-express-server.ts'),
    args: [join(dataDir, 'baseline.db')],
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    logFile: join(dataDir, 'baseline.log'),
  })
  stops.push(() => bare.stop())
  const bareTarget = (tag: string): LoadTarget => {
    const target = events(tag)
    return { origin: bare.origin, request: (i) => ({ ...target.request(i), path: '/insert' }) }
  }
  if (WARMUP > 0) await runLoad(bareTarget('bw'), { connections: CONNECTIONS, seconds: WARMUP })
  const baseline = await runLoad(bareTarget('b'), { connections: CONNECTIONS, seconds: BASELINE_SECONDS })
  const baselinePeakRssMb = bare.peakRssMb()
  await bare.stop()

  const accepted = load.statuses['200'] ?? 0
  const acceptedPerSecond = load.seconds > 0 ? accepted / load.seconds : 0
  const baselinePerSecond = baseline.seconds > 0 ? (baseline.statuses['200'] ?? 0) / baseline.seconds : 0
  const withHash = [...answered.values()].filter((h) => h !== null).length
  const report: EventsReport = {
    storage: databaseUrl ? 'postgres' : 'sqlite',
    chain: 'embedded',
    machine: { node: process.version, loadAverage1m: Number((loadavg()[0] ?? 0).toFixed(2)) },
    mode: load.mode,
    connections: CONNECTIONS,
    seconds: Number(load.seconds.toFixed(2)),
    targetRate: RATE ?? null,
    users: REPEAT_USERS ? { kind: 'repeat', members: REPEAT_USERS } : { kind: 'fresh' },
    requests: load.requests,
    statuses: load.statuses,
    failures: load.failures,
    acceptedPerSecond: Number(acceptedPerSecond.toFixed(1)),
    latencyMs: round(load.latencyMs),
    maxSendLagMs: load.maxSendLagMs === undefined ? null : Number(load.maxSendLagMs.toFixed(1)),
    answeredWithHash: withHash,
    answeredPending: answered.size - withHash,
    mintsUnconfirmedAfterWait: unconfirmedAfterWait,
    mints: {
      ...mints,
      eventsPerTransaction: Number(mints.eventsPerTransaction.toFixed(2)),
      gasPerReward: Math.round(mints.gasPerReward),
    },
    serverPeakRssMb,
    serverCpuMsPerEvent:
      cpuAtStart === undefined || cpuAtEnd === undefined || accepted === 0
        ? null
        : Number(((cpuAtEnd - cpuAtStart) / accepted).toFixed(3)),
    loadClientCpuMsPerRequest: Number(load.clientCpuMsPerRequest.toFixed(3)),
    baseline: {
      requestsPerSecond: Number(baselinePerSecond.toFixed(1)),
      requests: baseline.requests,
      failures: baseline.failures,
      seconds: Number(baseline.seconds.toFixed(2)),
      latencyMs: round(baseline.latencyMs),
      peakRssMb: baselinePeakRssMb,
    },
    ratio: baselinePerSecond > 0 ? Number((acceptedPerSecond / baselinePerSecond).toFixed(4)) : 0,
    preload: preload && { ...preload, seconds: Number(preload.seconds.toFixed(1)) },
    reads,
  }
  process.stdout.write(formatEventsReport(report))
  if (options.json) process.stdout.write(`${JSON.stringify(report)}\n`)
} catch (e) {
  exitCode = interrupted ? 130 : 1
  if (!interrupted) process.stderr.write(`bench:events failed: ${(e as Error).stack ?? e}\n`)
} finally {
  await cleanUp()
}
process.exit(exitCode)

function round<T extends Record<string, number>>(o: T): T {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Number(v.toFixed(2))])) as T
}
