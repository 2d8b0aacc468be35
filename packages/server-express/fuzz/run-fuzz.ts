import { Agent } from 'node:http'
import fc from 'fast-check'
import { buildFuzzRequest } from './build-fuzz-request'
import { checkAnswer } from './check-answer'
import type { FuzzFixture } from './fuzz-fixture'
import { type LedgerSnapshot, snapshotChanges, watchLedger } from './ledger-snapshot'
import { listMountedRoutes } from './list-mounted-routes'
import { breakersFor, type Draft } from './mutations'
import { ROUTE_GENERATORS } from './route-generators'
import { sendFuzzRequest } from './send-fuzz-request'

type FuzzFailure = {
  route: string
  mutation: string
  request: string
  status: number
  problem: string
  body: string
  sent?: string
}

export type FuzzReport = {
  seed: number
  requests: number
  /** Mounted routes, and those without a generator (the run refuses to start when any). */
  routes: string[]
  byStatus: Record<string, number>
  byRoute: Record<string, Record<string, number>>
  byMutation: Record<string, Record<string, number>>
  slowest: Array<{ ms: number; route: string; mutation: string; status: number }>
  failures: FuzzFailure[]
  seconds: number
}

export type RunFuzzOptions = {
  requests: number
  seed: number
  onProgress?: (done: number) => void
  maxFailures?: number
}

const bump = (m: Record<string, number>, k: string) => {
  m[k] = (m[k] ?? 0) + 1
}
/** Counts one answer under its status, its route and its breakage. */
function count(report: FuzzReport, route: string, mutation: string, status: string) {
  bump(report.byStatus, status)
  const kind = mutation.split(':')[0] ?? mutation
  report.byRoute[route] = report.byRoute[route] ?? {}
  report.byMutation[kind] = report.byMutation[kind] ?? {}
  bump(report.byRoute[route], status)
  bump(report.byMutation[kind], status)
}
const excerpt = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s)

/** Routes mounted on the fixture's app that no generator covers (fuzz/route-generators.ts). */
export function routesWithoutGenerator(f: FuzzFixture): string[] {
  return listMountedRoutes(f.app)
    .map((r) => `${r.method} ${r.path}`)
    .filter((k) => !(k in ROUTE_GENERATORS))
}

/**
 * Sends `requests` fuzzed requests, one at a time, to every mounted route of the fixture's server:
 * each a route's valid request broken one way (fuzz/mutations.ts), drawn by fast-check from `seed`.
 * Every answer is checked (fuzz/check-answer.ts); after every refusal the ledger, the guarded tables
 * and the chain must be as before; after an accepted request the run waits for its mint to land and
 * takes a new baseline. Object.prototype must stay clean.
 */
export async function runFuzz(f: FuzzFixture, o: RunFuzzOptions): Promise<FuzzReport> {
  const missing = routesWithoutGenerator(f)
  if (missing.length > 0) throw new Error(`mounted routes without a fuzz generator: ${missing.join(', ')}`)
  const routes = listMountedRoutes(f.app).map((r) => `${r.method} ${r.path}`)
  const breakers = Object.fromEntries(routes.map((k) => [k, breakersFor(k, ROUTE_GENERATORS[k] as never)]))
  const arb = fc.constantFrom(...routes).chain((key) => {
    const g = ROUTE_GENERATORS[key]
    if (!g) throw new Error(key)
    const base = { input: g.base(f), params: g.params?.(f) ?? {} }
    const own = breakers[key] ?? {}
    return fc
      .constantFrom(...Object.keys(own))
      .chain((name) => (own[name] as (b: typeof base) => fc.Arbitrary<Draft>)(base))
      .map((d) => [key, d] as const)
  })
  const report: FuzzReport = {
    seed: o.seed,
    requests: 0,
    routes,
    byStatus: {},
    byRoute: {},
    byMutation: {},
    slowest: [],
    failures: [],
    seconds: 0,
  }
  const base = new URL(f.server.base)
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const ledger = watchLedger(f)
  const protoNames = Object.getOwnPropertyNames(Object.prototype).join()
  const started = performance.now()
  const fail = (x: FuzzFailure) => {
    if (report.failures.length < (o.maxFailures ?? 200)) report.failures.push(x)
  }
  try {
    await ledger.settle()
    let before: LedgerSnapshot = await ledger.snapshot()
    const chunk = 500
    for (let i = 0; i < o.requests; i += chunk) {
      const drafts = fc.sample(arb, { seed: o.seed + i, numRuns: Math.min(chunk, o.requests - i) })
      for (const [key, d] of drafts) {
        const g = ROUTE_GENERATORS[key]
        if (!g) continue
        const r = await buildFuzzRequest(key, g, d, f)
        const shown = `${r.method} ${excerpt(r.path, 120)}`
        let answer: Awaited<ReturnType<typeof sendFuzzRequest>>
        try {
          // A replayed signature: the first sends are valid and may write; only the replay is judged,
          // against the ledger as those sends left it.
          const repeat = r.repeat ?? 1
          if (repeat > 1) {
            await sendFuzzRequest(base, { ...r, repeat: repeat - 1 }, agent)
            await ledger.settle()
            before = await ledger.snapshot()
          }
          answer = await sendFuzzRequest(base, { ...r, repeat: 1 }, agent)
        } catch (e) {
          // Node's HTTP parser answers headers over its limit with a 431 and closes the connection, often
          // before the client has finished writing them: a reset is that refusal.
          const reset = /ECONNRESET|EPIPE/.test(String((e as NodeJS.ErrnoException).code ?? (e as Error).message))
          const headerBytes = r.path.length + JSON.stringify(r.headers).length
          if (reset && headerBytes > 16 * 1024) {
            report.requests++
            count(report, key, r.mutation, '431/reset')
            continue
          }
          fail({
            route: key,
            mutation: r.mutation,
            request: shown,
            status: 0,
            problem: `no answer: ${(e as Error).message}`,
            body: '',
          })
          continue
        }
        report.requests++
        const status = String(answer.status)
        count(report, key, r.mutation, status)
        report.slowest.push({
          ms: Math.round(answer.ms * 10) / 10,
          route: key,
          mutation: r.mutation,
          status: answer.status,
        })
        report.slowest = report.slowest.sort((a, b) => b.ms - a.ms).slice(0, 10)
        const problem = checkAnswer(r, g.surface, answer)
        if (problem) {
          const sent = r.body ? excerpt(r.body.toString('utf8'), 200) : ''
          fail({
            route: key,
            mutation: r.mutation,
            request: shown,
            status: answer.status,
            problem,
            body: excerpt(answer.body),
            sent,
          })
        }
        if (
          Object.getOwnPropertyNames(Object.prototype).join() !== protoNames ||
          ({} as Record<string, unknown>).polluted !== undefined
        ) {
          fail({
            route: key,
            mutation: r.mutation,
            request: shown,
            status: answer.status,
            problem: 'Object.prototype was polluted',
            body: '',
          })
        }
        if (answer.status >= 400) {
          const after = await ledger.snapshot()
          const changes = snapshotChanges(before, after)
          if (changes.length > 0) {
            fail({
              route: key,
              mutation: r.mutation,
              request: shown,
              status: answer.status,
              problem: `a refused request changed ${changes.join(', ')}`,
              body: excerpt(answer.body),
            })
            await ledger.settle()
            before = await ledger.snapshot()
          }
        } else {
          await ledger.settle()
          before = await ledger.snapshot()
        }
        o.onProgress?.(report.requests)
      }
    }
  } finally {
    agent.destroy()
    ledger.close()
  }
  report.seconds = Math.round((performance.now() - started) / 100) / 10
  return report
}
