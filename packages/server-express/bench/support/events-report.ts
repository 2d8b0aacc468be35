import type { LatencySummary } from './latency-summary'
import type { MemberReadFigures } from './ledger-bench'
import type { MintFigures } from './mint-figures'
import type { PreloadResult } from './preload-database'

/** Everything `pnpm bench:events` prints; `--json` prints it as one object (docs/performance.md). */
export type EventsReport = {
  storage: 'sqlite' | 'postgres'
  chain: 'embedded'
  machine: { node: string; loadAverage1m: number }
  mode: 'closed' | 'open'
  connections: number
  /** Measured: first send to last answer. */
  seconds: number
  /** Open loop: events/s asked for. */
  targetRate: number | null
  users: { kind: 'fresh' } | { kind: 'repeat'; members: number }
  requests: number
  /** Count per HTTP status; `error` = no HTTP answer. */
  statuses: Record<string, number>
  /** Requests not answered 200. */
  failures: number
  acceptedPerSecond: number
  latencyMs: LatencySummary
  /** Open loop: how late the load generator itself sent (a large value means it, not the server, fell behind). */
  maxSendLagMs: number | null
  /** 200 answers carrying their mint's transactionHash / answered `status: "pending"`. */
  answeredWithHash: number
  answeredPending: number
  /** Mint jobs still waiting for the chain 120 s after the last answer. */
  mintsUnconfirmedAfterWait: number
  mints: MintFigures
  serverPeakRssMb: number
  /** The server's CPU time (user + system) from the measurement's start to its last mint, ÷ accepted events; null without /proc. */
  serverCpuMsPerEvent: number | null
  loadClientCpuMsPerRequest: number
  baseline: {
    requestsPerSecond: number
    requests: number
    failures: number
    seconds: number
    latencyMs: LatencySummary
    peakRssMb: number
  }
  /** acceptedPerSecond ÷ baseline.requestsPerSecond */
  ratio: number
  preload: PreloadResult | null
  reads: MemberReadFigures | { error: string } | null
}

const f1 = (n: number) => n.toFixed(1)
const latency = (l: LatencySummary) => `p50 ${f1(l.p50)}  p95 ${f1(l.p95)}  p99 ${f1(l.p99)}  max ${f1(l.max)}`

/** The report as the lines `pnpm bench:events` prints. */
export function formatEventsReport(r: EventsReport): string {
  const statuses = Object.entries(r.statuses)
    .map(([status, n]) => `${status} ×${n}`)
    .join(', ')
  const m = r.mints
  const lines = [
    `events benchmark: ${r.storage === 'sqlite' ? 'SQLite' : 'PostgreSQL'} + embedded EDR chain, server in its own process, keep-alive HTTP on loopback`,
    `  machine      node ${r.machine.node}, load average ${r.machine.loadAverage1m} (1 min) at the end`,
    `  load         ${r.mode === 'closed' ? 'closed loop' : `open loop at ${r.targetRate} events/s`}, ${r.connections} connections, ${r.seconds} s, ${r.users.kind === 'fresh' ? 'a fresh email per request' : `${r.users.members} existing members in turn`}`,
    `  answered     ${r.requests} requests: ${statuses} → ${r.failures} failed`,
    `  accepted     ${f1(r.acceptedPerSecond)} events/s`,
    `  latency ms   ${latency(r.latencyMs)}${r.maxSendLagMs === null ? '' : ` (from scheduled send; sender lag max ${r.maxSendLagMs} ms)`}`,
    `  answers      ${r.answeredWithHash} with their transaction hash, ${r.answeredPending} pending; ${r.mintsUnconfirmedAfterWait} mints unconfirmed after the wait`,
    `  chain        ${m.transactions} transactions minted ${m.minted} of the run's ${m.events} events: ${m.eventsPerTransaction} events/tx, ${m.gasPerReward} gas per reward`,
    `  cross-check  ${m.crossCheck.transferLogs} mint Transfer logs in the receipts, ${m.crossCheck.databaseJobs} confirmed jobs in the database, ${m.crossCheck.failedReceipts} failed receipts, ${m.crossCheck.mismatchedTransactions} transactions whose logs ≠ their jobs, ${m.crossCheck.responseHashMismatches} answered hashes ≠ database → ${m.crossCheck.ok ? 'ok' : 'MISMATCH'}`,
    `  server       peak RSS ${r.serverPeakRssMb} MB; ${r.serverCpuMsPerEvent ?? '?'} ms CPU per accepted event; load generator ${r.loadClientCpuMsPerRequest} ms CPU per request`,
    `  baseline     bare Express + one SQLite insert: ${f1(r.baseline.requestsPerSecond)} requests/s (${r.connections} connections, ${r.baseline.seconds} s, ${r.baseline.failures} failed; latency ms ${latency(r.baseline.latencyMs)}; peak RSS ${r.baseline.peakRssMb} MB)`,
    `  ratio        ${r.ratio} (accepted events/s ÷ baseline requests/s)`,
  ]
  if (r.preload) {
    const p = r.preload
    lines.push(
      `  preload      ${p.members} members, ${p.events} events, ${p.mintJobs} mint jobs in ${p.mintBatches} batches, ${p.claimCounters} claim counters in ${p.seconds} s; ledger entries: ${p.ledgerEntries ?? 'none'}`,
    )
  }
  if (r.reads) {
    lines.push(
      'error' in r.reads
        ? `  reads        ${r.reads.error}`
        : `  reads ms     member ${latency(r.reads.member.latencyMs)} (${r.reads.member.failures} failed); history ${latency(r.reads.history.latencyMs)} (${r.reads.history.failures} failed)`,
    )
  }
  return `${lines.join('\n')}\n`
}
