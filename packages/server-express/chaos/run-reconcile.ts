import { runCliHere } from '../test/helpers/run-cli-here'
import type { ChaosCluster } from './chaos-cluster'

export type ReconcileResult = { ok: boolean; wallets: number; entriesChecked: number; drifts: number; output: string }

/** `loyaltykit reconcile --json` on the cluster's database and chain: the ledger against the chain. */
export async function runReconcile(cluster: ChaosCluster): Promise<ReconcileResult> {
  const run = await runCliHere(['reconcile', '--json'], cluster.env)
  if (run.code !== 0 && run.code !== 1) throw new Error(`loyaltykit reconcile exited ${run.code}: ${run.stderr}`)
  const r = run.json() as {
    ok: boolean
    wallets: number
    entriesChecked: number
    balanceDrifts: unknown[]
    entryDrifts: unknown[]
  }
  return {
    ok: r.ok && run.code === 0,
    wallets: r.wallets,
    entriesChecked: r.entriesChecked,
    drifts: r.balanceDrifts.length + r.entryDrifts.length,
    output: run.stdout,
  }
}
