/**
 * One thing the engine did that a host may count: the server turns each into Prometheus counters and
 * histograms (docs/operations.md); the engine itself never imports a metrics library.
 *
 * - `event.accepted` / `event.refused`: a manual or bulk event was recorded (committed), or was not;
 *   `reason` is the error's code (`DUPLICATE_EVENT`, `COOLDOWN_ACTIVE`, …; `INTERNAL` for a bug).
 * - `mint.batch_claimed`: the minter claimed `jobs` pending jobs into a new batch.
 * - `mint.batch_confirmed`: a batch's transaction is confirmed with `mints` mints; `gasUsed` from its
 *   receipt (null when the batch was found minted by its log, without a receipt).
 * - `relay.relayed` / `relay.refused`: a relay request answered with a confirmed transaction
 *   (`functionName` of the approved call), or with an error (`code`).
 * - `relay.transaction_settled`: a relayer transaction (a relayed call or a permit) was mined, with
 *   its status and gas; reported once per transaction, after its gas is recorded.
 * - `webhook.attempt`: a delivery attempt ended: `delivered` (2xx), `retry` (failed, another attempt
 *   is scheduled), `failed` (failed, no attempt left) or `stale` (its claim was voided meanwhile).
 */
export type EngineObservation =
  | { type: 'event.accepted' }
  | { type: 'event.refused'; reason: string }
  | { type: 'mint.batch_claimed'; jobs: number }
  | { type: 'mint.batch_confirmed'; mints: number; gasUsed: bigint | null }
  | { type: 'relay.relayed'; functionName: string }
  | { type: 'relay.refused'; code: string }
  | { type: 'relay.transaction_settled'; status: 'confirmed' | 'reverted'; gasUsed: bigint }
  | { type: 'webhook.attempt'; outcome: 'delivered' | 'retry' | 'failed' | 'stale' }

/**
 * Receives the engine's observations (`ctx.observer`, optional). Called on hot paths (every event):
 * `observe` must be synchronous, cheap (a counter increment, no I/O) and must never throw. Called
 * only for what happened for good: after the transaction that recorded it committed.
 */
export interface EngineObserver {
  observe(observation: EngineObservation): void
}
