/** The depth of the durable queues, as gauges and readiness report it (docs/operations.md). */
export type Backlog = {
  /** Mint jobs not confirmed yet; `oldestPendingAt` is the creation time of the oldest pending one. */
  mintJobs: { pending: number; batched: number; oldestPendingAt: number | null }
  /** Webhook deliveries not delivered nor failed yet (waiting for their mint, their next attempt, or in flight). */
  webhookDeliveries: { pending: number }
  /** Refund clawbacks not confirmed yet, by status. */
  clawbacks: { awaitingPayment: number; pending: number; signed: number }
}

/**
 * Read-only counts over the queues' status indexes, for metrics scrapes and readiness probes. Each
 * queue is counted by its own statement (no snapshot across queues); nothing is locked or written.
 */
export interface BacklogStore {
  read(): Promise<Backlog>
}
