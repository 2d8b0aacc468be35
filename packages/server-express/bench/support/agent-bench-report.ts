import type { LatencySummary } from './latency-summary'

/** One measured route of `pnpm bench:agent`. */
export type RouteFigures = {
  route: string
  /** The tool's name, or what the route is (`baseline`, `site leaderboard`). */
  tool: string
  requests: number
  statuses: Record<string, number>
  failures: number
  latencyMs: LatencySummary
  /** The first failed answers (status and body), at most three. */
  errors: string[]
}

export type AgentBenchReport = {
  machine: { node: string; loadAverage1m: number }
  storage: 'sqlite' | 'postgres'
  data: { entries: number; users: number; brands: number; seededSeconds: number | null; dataDir: string }
  connections: number
  seconds: number
  baseline: RouteFigures
  routes: RouteFigures[]
  /** The five routes with the highest p99. */
  slowest: Array<{ route: string; p99: number }>
  /** Read routes whose p99 is over 100 ms. */
  overTarget: string[]
  /** The site plugin's leaderboard (issue 16 point 2, target p99 ≤ 50 ms), or why it was not measured. */
  leaderboard: RouteFigures | { notMeasured: string }
}

export const READ_TARGET_P99_MS = 100
const LEADERBOARD_TARGET_P99_MS = 50

const n2 = (v: number) => v.toFixed(2)

function row(f: RouteFigures, width: number): string {
  const l = f.latencyMs
  return `${f.route.padEnd(width)}  ${String(f.requests).padStart(7)}  ${String(f.failures).padStart(5)}  ${n2(l.p50).padStart(8)}  ${n2(l.p99).padStart(8)}  ${n2(l.max).padStart(8)}`
}

/** The text report: one line per route (p50/p99/max ms), the slowest five, the targets. */
export function formatAgentBenchReport(r: AgentBenchReport): string {
  const all = [r.baseline, ...r.routes, ...('route' in r.leaderboard ? [r.leaderboard] : [])]
  const width = Math.max(...all.map((f) => f.route.length), 10)
  const lines = [
    `machine      node ${r.machine.node}, load average ${r.machine.loadAverage1m} (figures at a load near or above the core count are not meaningful)`,
    `data         ${r.storage}: ${r.data.entries} ledger entries, ${r.data.users} users, ${r.data.brands} brands${
      r.data.seededSeconds === null
        ? ` (existing, ${r.data.dataDir})`
        : ` (seeded in ${r.data.seededSeconds.toFixed(1)} s)`
    }`,
    `load         closed loop, ${r.connections} connections, ${r.seconds} s per route`,
    '',
    `${'route'.padEnd(width)}  requests  fail    p50 ms    p99 ms    max ms`,
    `${row(r.baseline, width)}   (baseline)`,
    ...r.routes.map(
      (f) => `${row(f, width)}   ${f.tool}${f.latencyMs.p99 > READ_TARGET_P99_MS ? '  OVER 100 ms' : ''}`,
    ),
    '',
    `slowest five (p99): ${r.slowest.map((s) => `${s.route} ${n2(s.p99)} ms`).join('; ')}`,
    r.overTarget.length === 0
      ? `target       every read route p99 ≤ ${READ_TARGET_P99_MS} ms: yes (${r.routes.length} routes)`
      : `target       every read route p99 ≤ ${READ_TARGET_P99_MS} ms: NO, ${r.overTarget.length} over: ${r.overTarget.join(', ')}`,
    'route' in r.leaderboard
      ? `leaderboard  ${row(r.leaderboard, width)}   target p99 ≤ ${LEADERBOARD_TARGET_P99_MS} ms: ${r.leaderboard.latencyMs.p99 <= LEADERBOARD_TARGET_P99_MS ? 'yes' : 'NO'}`
      : `leaderboard  not measured: ${r.leaderboard.notMeasured}`,
  ]
  const failed = all.filter((f) => f.failures > 0)
  for (const f of failed) lines.push(`failed       ${f.route}: ${JSON.stringify(f.statuses)} ${f.errors.join(' | ')}`)
  return `${lines.join('\n')}\n`
}
