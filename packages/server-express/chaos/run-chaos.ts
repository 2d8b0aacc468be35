import { queryTestDatabase } from '../test/helpers/query-test-database'
import type { TestDatabase } from '../test/helpers/test-databases'
import { startChaosCluster } from './chaos-cluster'
import { startChaosLoad } from './chaos-load'
import { checkMintInvariants, type MintFigures } from './check-mint-invariants'
import { createIdempotentClient } from './idempotent-client'
import { minterLeaseHistory } from './minter-lease-history'
import { runReconcile } from './run-reconcile'
import { waitForMintDrain } from './wait-for-mint-drain'

export type ChaosOptions = {
  kills: number
  /** Pause between a restart and the next kill, in ms (a random extra of up to half of it). */
  intervalMs?: number
  workers?: number
  /** How long the mint jobs may take to be confirmed once the load stopped. */
  drainDeadlineMs?: number
  log?: (line: string) => void
}

export type ChaosReport = {
  requests: number
  retries: number
  replays: number
  comparedReplays: number
  kills: number
  restarts: number
  operations: number
  /** Events refused by their claim guard when run again after a crash (each checked: one reward). */
  refusedAgain: number
  byStatus: Record<string, number>
  mints: MintFigures
  minterHolders: number
  reconcile: { ok: boolean; wallets: number; drifts: number }
  drainMs: number | null
  seconds: number
  violations: string[]
}

/**
 * `pnpm chaos`: the three-process cluster under steady load; `kills` times, SIGKILL a random server
 * process and start it again; then stop the load, wait for every mint to be confirmed and check the
 * invariants: the mint invariants, one minter at a time, `loyaltykit reconcile` without drift, and
 * every retried or replayed request answered as the first time.
 */
export async function runChaos(db: TestDatabase, options: ChaosOptions): Promise<ChaosReport> {
  const log = options.log ?? (() => {})
  const started = Date.now()
  const interval = options.intervalMs ?? 3000
  const cluster = await startChaosCluster(db, {
    serverEnv: { LOYALTYKIT_PREGENERATION_PER_MINUTE: '1000000', LOYALTYKIT_PREGENERATION_PER_DAY: '100000000' },
  })
  try {
    log(`cluster up: ${cluster.bases.join(', ')} behind ${cluster.proxy.url}`)
    const client = createIdempotentClient(cluster.proxy.url, { replayEvery: 5 })
    const load = startChaosLoad(cluster, client, options.workers ?? 4)
    let kills = 0
    let restarts = 0
    for (let k = 0; k < options.kills; k++) {
      await new Promise((r) => setTimeout(r, interval + Math.random() * (interval / 2)))
      const slot = Math.floor(Math.random() * cluster.bases.length)
      await cluster.kill(slot)
      kills++
      log(`kill ${kills}: process ${slot} (SIGKILL), ${load.operations()} operations so far`)
      await cluster.restart(slot)
      restarts++
    }
    await new Promise((r) => setTimeout(r, interval))
    log('stopping the load (waiting for every retried request to be answered)')
    await load.stop()
    const drain = await waitForMintDrain(db, options.drainDeadlineMs ?? 180_000)
    const violations: string[] = []
    if (!drain.drained) violations.push(`${drain.left} mint jobs not confirmed within the deadline`)
    const mints = await checkMintInvariants(cluster)
    const leases = minterLeaseHistory(cluster.incarnations)
    const reconcile = await runReconcile(cluster)
    if (!reconcile.ok) violations.push(`reconcile: ${reconcile.drifts} drifts\n${reconcile.output}`)
    violations.push(...mints.violations, ...leases.violations, ...load.failures)
    for (const email of load.refusedAgain) {
      const rows = await queryTestDatabase(db, 'select id from reward_events where user_email = ?', [email])
      if (rows.length !== 1) violations.push(`${email}: refused after a crash with ${rows.length} rewards (1 expected)`)
    }
    for (const m of client.figures.mismatches)
      violations.push(
        `key ${m.key} (${m.path}): first ${m.first.status} ${m.first.body}, later ${m.later.status} ${m.later.body}`,
      )
    return {
      requests: client.figures.requests,
      retries: client.figures.retries,
      replays: client.figures.replays,
      comparedReplays: client.figures.compared,
      kills,
      restarts,
      operations: load.operations(),
      refusedAgain: load.refusedAgain.length,
      byStatus: client.figures.byStatus,
      mints: mints.figures,
      minterHolders: leases.holders,
      reconcile: { ok: reconcile.ok, wallets: reconcile.wallets, drifts: reconcile.drifts },
      drainMs: drain.drained ? drain.ms : null,
      seconds: Math.round((Date.now() - started) / 1000),
      violations,
    }
  } finally {
    await cluster.stop()
  }
}
