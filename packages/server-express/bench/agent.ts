/**
 * Agent API read benchmark: `pnpm bench:agent [--entries N [--users U] [--brands B]] [--data DIR]
 * [--postgres] [--connections 4] [--seconds 5] [--warmup 1] [--keep] [--json]` (docs/performance.md#pnpm-benchagent).
 *
 * With --entries: a fresh temp data folder (or, with --postgres, a fresh database on DATABASE_URL's
 * server) seeded by `seed:network`'s code; without: the data folder (--data, LOYALTYKIT_DATA_DIR) or
 * database (--postgres: DATABASE_URL) already seeded. Then `loyaltykit start` on it in its own
 * process, an agent key made here, and every read tool of the registry (GET, or read-only POST; not
 * /converse) driven closed loop with inputs picked from the seeded data, signed when the tool needs
 * it; GET /loyalty-api/health is the same-run baseline; the site leaderboard when it is mounted.
 */
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { AGENT_TOOLS, type AgentTool } from '@loyaltykit/engine'
import { loadConfig } from '../src/config/load-config'
import { createLogger } from '../src/logging/create-logger'
import { openRuntime } from '../src/runtime/open-runtime'
import { benchInput, benchRequest, readBenchIds } from './support/agent-bench-inputs'
import {
  type AgentBenchReport,
  formatAgentBenchReport,
  READ_TARGET_P99_MS,
  type RouteFigures,
} from './support/agent-bench-report'
import { createBenchDatabase } from './support/bench-database'
import { openBenchKysely } from './support/bench-kysely'
import { type LoadTarget, runLoad } from './support/load-generator'
import { seedNetworkData } from './support/seed-network-data'
import { integerOption, seedSizes } from './support/seed-options'
import { seedRandom } from './support/seed-random'
import { repoRoot, spawnBenchProcess } from './support/spawn-bench-process'

const progress = (line: string) => process.stderr.write(`bench:agent: ${line}\n`)
const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    entries: { type: 'string' },
    users: { type: 'string' },
    brands: { type: 'string' },
    data: { type: 'string' },
    postgres: { type: 'boolean', default: false },
    connections: { type: 'string' },
    seconds: { type: 'string' },
    warmup: { type: 'string' },
    keep: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
})
const CONNECTIONS = integerOption('connections', values.connections, 4)
const SECONDS = integerOption('seconds', values.seconds, 5)
const WARMUP = integerOption('warmup', values.warmup, 1, 0)
const seeding = values.entries !== undefined
const fresh = seeding
  ? await createBenchDatabase('lk-bench-agent-', values.postgres ? process.env.DATABASE_URL : undefined)
  : undefined
const serverEnv: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME }
for (const [k, v] of Object.entries(process.env)) if (/^(LOYALTYKIT_|LOG_LEVEL$|NODE_ENV$)/.test(k)) serverEnv[k] = v
Object.assign(serverEnv, {
  // One load generator stands for many agents: the agent API's limits would cut it at once.
  LOYALTYKIT_AGENT_PUBLIC_PER_MIN: process.env.LOYALTYKIT_AGENT_PUBLIC_PER_MIN ?? '100000000',
  LOYALTYKIT_AGENT_RATE_LIMIT_PER_MIN: process.env.LOYALTYKIT_AGENT_RATE_LIMIT_PER_MIN ?? '100000000',
  LOYALTYKIT_MEMBERS_IP_PER_MINUTE: process.env.LOYALTYKIT_MEMBERS_IP_PER_MINUTE ?? '0',
  PORT: '0',
  HOST: '127.0.0.1',
})
if (fresh) serverEnv.LOYALTYKIT_DATA_DIR = fresh.dataDir
else if (values.data) serverEnv.LOYALTYKIT_DATA_DIR = values.data
const databaseUrl = fresh ? fresh.databaseUrl : values.postgres ? process.env.DATABASE_URL : undefined
if (databaseUrl) serverEnv.DATABASE_URL = databaseUrl

const stops: Array<() => Promise<unknown>> = []
let exitCode = 0
const cleanUp = async () => {
  for (const stop of stops.reverse()) await stop().catch(() => {})
  if (fresh && !values.keep)
    await fresh.drop().catch((e: Error) => progress(`could not remove the bench data: ${e.message}`))
  else if (fresh)
    progress(
      `kept the seeded data: LOYALTYKIT_DATA_DIR=${fresh.dataDir}${fresh.databaseUrl ? ` DATABASE_URL=${fresh.databaseUrl}` : ''}`,
    )
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    progress(`${signal}: stopping…`)
    void cleanUp().finally(() => process.exit(130))
  })
}

/** Drives one target closed loop after a warm-up; a non-200 answer is a failure (the first three kept). */
async function measure(route: string, tool: string, target: LoadTarget): Promise<RouteFigures> {
  if (WARMUP > 0) await runLoad(target, { connections: CONNECTIONS, seconds: WARMUP })
  const errors: string[] = []
  const r = await runLoad(target, { connections: CONNECTIONS, seconds: SECONDS }, (a) => {
    if (a.status !== 200 && errors.length < 3) errors.push(`${a.status || 'no answer'} ${a.body.slice(0, 200)}`)
  })
  return {
    route,
    tool,
    requests: r.requests,
    statuses: r.statuses,
    failures: r.failures,
    latencyMs: r.latencyMs,
    errors,
  }
}

try {
  const config = loadConfig(serverEnv)
  let data: AgentBenchReport['data']
  if (seeding) {
    const sizes = seedSizes(values)
    const seeded = await seedNetworkData({ config, ...sizes, progress })
    const seededSeconds = seeded.seconds.brands + seeded.seconds.history
    data = {
      entries: seeded.entries,
      users: seeded.users,
      brands: seeded.brands,
      seededSeconds,
      dataDir: config.storage.dataDir,
    }
    progress(`seeded in ${seededSeconds.toFixed(1)} s`)
  } else {
    data = { entries: 0, users: 0, brands: 0, seededSeconds: null, dataDir: config.storage.dataDir }
  }
  const runtime = await openRuntime({ config, logger: createLogger({ level: 'silent' }), withChain: false })
  const kysely = openBenchKysely(config.storage)
  let ids: Awaited<ReturnType<typeof readBenchIds>>
  let key: { keyId: string; secret: string }
  let siteKey: string | undefined
  try {
    ids = await readBenchIds(kysely)
    if (ids.brands.length === 0 || ids.users.length === 0)
      throw new Error('no seeded brands or users: run pnpm seed:network first, or pass --entries')
    if (!seeding) {
      const count = async (table: 'ledger_entries' | 'wallets' | 'brands') =>
        Number(
          (
            await kysely
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirst()
          )?.n ?? 0,
        )
      data = {
        ...data,
        entries: await count('ledger_entries'),
        users: await count('wallets'),
        brands: await count('brands'),
      }
    }
    const made = await runtime.engine.agent.createKey({ name: 'bench:agent', tier: 'enterprise' })
    key = { keyId: made.key.id, secret: made.secret }
    const top = ids.brands[0] as { id: string }
    siteKey = (await runtime.engine.apiKeys.create({ brandId: top.id, scopes: ['events'] })).apiKey
  } finally {
    await kysely.destroy()
    await runtime.close()
  }

  progress('starting the server…')
  const server = await spawnBenchProcess({
    entry: join(repoRoot, 'packages/server-express/src/cli/main.ts'),
    args: ['start'],
    env: serverEnv,
    logFile: join(config.storage.dataDir, 'bench-agent-server.log'),
    startTimeoutMs: 600_000,
  })
  stops.push(() => server.stop())
  const origin = server.origin
  const basePath = config.agent.basePath
  const random = seedRandom(7)
  const run = Math.random().toString(36).slice(2, 8)

  progress('baseline: GET /loyalty-api/health…')
  const baseline = await measure('GET /loyalty-api/health', 'baseline', {
    origin,
    request: () => ({ method: 'GET', path: '/loyalty-api/health' }),
  })
  const reads = (AGENT_TOOLS as readonly AgentTool[]).filter(
    (t) => t.group !== 'converse' && (t.method === 'GET' || t.annotations.readOnlyHint),
  )
  const routes: RouteFigures[] = []
  for (const tool of reads) {
    const route = `${tool.method} ${basePath}${tool.path}`
    progress(`${route}…`)
    routes.push(
      await measure(route, tool.name.replace(/^loyalty_agent_/, ''), {
        origin,
        request: (i) => {
          const input = benchInput(tool, ids, random)
          // A public tool given a userId (best_deals, route_purchase) answers for that user only when signed.
          const signed = tool.auth === 'signed' || input.userId !== undefined
          return benchRequest(tool, input, {
            basePath,
            nonce: `${run}-${i}-${random.next()}`,
            key: signed ? key : undefined,
          })
        },
      }),
    )
  }
  let leaderboard: AgentBenchReport['leaderboard'] = {
    notMeasured: 'GET /loyalty-api/site/leaderboard is not mounted (404)',
  }
  const headers = { authorization: `Bearer ${siteKey}` }
  const probe = await fetch(`${origin}/loyalty-api/site/leaderboard`, { headers })
  if (probe.status !== 404) {
    progress('GET /loyalty-api/site/leaderboard…')
    const periods = ['week', 'month', 'all']
    leaderboard = await measure('GET /loyalty-api/site/leaderboard', 'site leaderboard', {
      origin,
      request: (i) => ({
        method: 'GET',
        path: `/loyalty-api/site/leaderboard?period=${periods[i % 3]}&limit=10`,
        headers,
      }),
    })
  }
  const report: AgentBenchReport = {
    machine: { node: process.version, loadAverage1m: Number((loadavg()[0] ?? 0).toFixed(2)) },
    storage: databaseUrl ? 'postgres' : 'sqlite',
    data,
    connections: CONNECTIONS,
    seconds: SECONDS,
    baseline,
    routes,
    slowest: [...routes]
      .sort((a, b) => b.latencyMs.p99 - a.latencyMs.p99)
      .slice(0, 5)
      .map((f) => ({ route: f.route, p99: f.latencyMs.p99 })),
    overTarget: routes.filter((f) => f.latencyMs.p99 > READ_TARGET_P99_MS).map((f) => f.route),
    leaderboard,
  }
  // The leaderboard's failures are printed, not fatal: it belongs to the site plugin (issue 16).
  if ([baseline, ...routes].some((f) => f.failures > 0)) exitCode = 1
  process.stdout.write(formatAgentBenchReport(report))
  if (values.json) process.stdout.write(`${JSON.stringify(report)}\n`)
} catch (e) {
  exitCode = 1
  process.stderr.write(`bench:agent failed: ${(e as Error).stack ?? e}\n`)
} finally {
  await cleanUp()
}
process.exit(exitCode)
