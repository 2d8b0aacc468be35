import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { EventsReport } from '../bench/support/events-report'
import { type CliResult, runSourceProcess } from './helpers/cli-process'

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
const bench = join(repoRoot, 'packages', 'server-express', 'bench', 'events.ts')

type BenchRun = CliResult & { report: EventsReport }

/** Runs `pnpm bench:events` (same command line) with `args --json`; the report is the last stdout line. */
async function runBench(args: string[]): Promise<BenchRun> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME }
  if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL
  // SIGTERM on a timeout: the benchmark then stops its server and drops its database.
  const run = await runSourceProcess(bench, [...args, '--json'], env, { timeoutMs: 280_000, killSignal: 'SIGTERM' })
  const last = run.stdout.trim().split('\n').at(-1) ?? ''
  try {
    return { ...run, report: JSON.parse(last) as EventsReport }
  } catch {
    throw new Error(
      `bench:events printed no JSON report (exit ${run.code}); stderr:\n${run.stderr}\nstdout:\n${run.stdout}`,
    )
  }
}

/** What must hold of every report: every request accepted and minted, figures consistent with each other. */
function expectCoherent(r: EventsReport) {
  expect(r.failures).toBe(0)
  expect(Object.keys(r.statuses)).toEqual(['200'])
  expect(r.requests).toBe(r.statuses['200'])
  expect(r.acceptedPerSecond).toBeGreaterThan(0)
  expect(r.acceptedPerSecond).toBeCloseTo(r.requests / r.seconds, 0)
  const l = r.latencyMs
  expect(0 < l.p50 && l.p50 <= l.p95 && l.p95 <= l.p99 && l.p99 <= l.max).toBe(true)
  // Every 200 is an event in the database, minted by a transaction whose logs match the database.
  expect(r.answeredWithHash + r.answeredPending).toBe(r.requests)
  expect(r.mintsUnconfirmedAfterWait).toBe(0)
  expect(r.mints.events).toBe(r.requests)
  expect(r.mints.minted).toBe(r.requests)
  expect(r.mints.crossCheck).toMatchObject({
    ok: true,
    failedReceipts: 0,
    mismatchedTransactions: 0,
    responseHashMismatches: 0,
    transferLogs: r.requests,
    databaseJobs: r.requests,
  })
  expect(r.mints.transactions).toBeGreaterThan(0)
  expect(r.mints.eventsPerTransaction).toBeGreaterThanOrEqual(1)
  expect(r.mints.eventsPerTransaction).toBeCloseTo(r.requests / r.mints.transactions, 1)
  // A mint costs gas (batch overhead shared, a storage write per holder), far less than a block.
  expect(r.mints.gasPerReward).toBeGreaterThan(5_000)
  expect(r.mints.gasPerReward).toBeLessThan(200_000)
  expect(r.serverPeakRssMb).toBeGreaterThan(20)
  expect(r.baseline.failures).toBe(0)
  expect(r.baseline.requestsPerSecond).toBeGreaterThan(0)
  expect(r.baseline.peakRssMb).toBeGreaterThan(20)
  expect(r.ratio).toBeCloseTo(r.acceptedPerSecond / r.baseline.requestsPerSecond, 3)
}

const dialects = [
  { storage: 'sqlite' as const, args: [] },
  ...(process.env.DATABASE_URL ? [{ storage: 'postgres' as const, args: ['--postgres'] }] : []),
]

describe.each(dialects)('pnpm bench:events on $storage', ({ storage, args }) => {
  it('measures a short closed-loop run of fresh users and prints a coherent report', { timeout: 300_000 }, async () => {
    const run = await runBench([...args, '--seconds', '3', '--connections', '4', '--warmup', '1'])
    expect(run.code, run.stderr).toBe(0)
    const r = run.report
    expect(r).toMatchObject({ storage, chain: 'embedded', mode: 'closed', connections: 4, users: { kind: 'fresh' } })
    expect(r.preload).toBeNull()
    expect(r.reads).toBeNull()
    expectCoherent(r)
    expect(run.stdout).toContain('accepted')
    expect(run.stdout).toContain(`ratio        ${r.ratio}`)
  })
})

describe('pnpm bench:events --preload', () => {
  it('preloads members, history and its ledger, sends open-loop events for existing members, and measures the member and history reads', {
    timeout: 300_000,
  }, async () => {
    const run = await runBench([
      '--preload',
      '400',
      '--repeat-users',
      '30',
      '--rate',
      '20',
      '--seconds',
      '2',
      '--connections',
      '4',
      '--warmup',
      '1',
      '--baseline-seconds',
      '1',
    ])
    const r = run.report
    expect(r).toMatchObject({ storage: 'sqlite', mode: 'open', targetRate: 20, users: { kind: 'repeat', members: 30 } })
    expect(r.requests).toBe(40)
    expectCoherent(r)
    expect(r.preload).toMatchObject({
      members: 120,
      events: 400,
      mintJobs: 400,
      mintBatches: 4,
      ledgerEntries: 400,
    })
    // At most 4 prior events per member, each of another event type: one claim counter per event.
    expect(r.preload?.claimCounters).toBe(400)
    // The member reads of preloaded members (bench/support/ledger-bench.ts): every answer a 200.
    expect(run.code, run.stderr).toBe(0)
    if (!r.reads || 'error' in r.reads) throw new Error(`no member reads: ${JSON.stringify(r.reads)}`)
    for (const read of [r.reads.member, r.reads.history]) {
      expect(read.requests).toBeGreaterThan(0)
      expect(read.failures).toBe(0)
      const l = read.latencyMs
      expect(0 < l.p50 && l.p50 <= l.p99 && l.p99 <= l.max).toBe(true)
    }
    expect(run.stdout).toMatch(/reads ms {5}member p50 [\d.]+ .*p99 [\d.]+ .*\(0 failed\); history p50 /)
  })
})
