import { loadavg } from 'node:os'
import type { ChaosReport } from './run-chaos'

/** The figures of a chaos run, as `pnpm chaos` prints them. */
export function formatChaosReport(r: ChaosReport): string {
  const statuses = Object.entries(r.byStatus)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ')
  return [
    `chaos: ${r.kills} kills, ${r.restarts} restarts in ${r.seconds} s (load average ${loadavg()[0]?.toFixed(1)})`,
    `  requests:   ${r.requests} (${r.operations} operations), ${r.retries} retries, ${r.replays} deliberate replays`,
    `  answers:    ${statuses}`,
    `  replays:    ${r.comparedReplays} retried or replayed answers compared with the first one`,
    `  re-runs:    ${r.refusedAgain} events run again after a crash (no answer stored) and refused by their claim guard, each rewarded once`,
    `  mints:      ${r.mints.confirmed}/${r.mints.jobs} jobs confirmed (${r.mints.rewards} rewards, ${r.mints.paidSessions} paid sessions), ${r.mints.mintedOnChain} minted on chain in ${r.mints.batches} batches`,
    `  minter:     ${r.minterHolders} processes held the minter lease, one at a time`,
    `  drift:      ${r.reconcile.drifts} (reconcile over ${r.reconcile.wallets} wallets: ${r.reconcile.ok ? 'ok' : 'DRIFT'})`,
    `  drain:      ${r.drainMs === null ? 'NOT DRAINED' : `${r.drainMs} ms`} after the load stopped`,
    r.violations.length === 0
      ? 'Every invariant holds.'
      : `${r.violations.length} violated invariants:\n${r.violations.map((v) => `  - ${v}`).join('\n')}`,
    '',
  ].join('\n')
}
