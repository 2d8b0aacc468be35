import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { ledgerLeaderboard } from './ledger-leaderboard'
import { listBrandLedger } from './list-brand-ledger'
import { reconcileLedger } from './reconcile-ledger'

/** `engine.ledger`: the ledger of value movements (docs/ledger.md). */
export function bindLedger(ctx: EngineContext) {
  return {
    reconcile: bindOperation(ctx, reconcileLedger),
    leaderboard: bindOperation(ctx, ledgerLeaderboard),
    list: bindOperation(ctx, listBrandLedger),
  }
}
