import type { EngineReturnType } from '@loyaltykit/engine'
import { Counter, Gauge, type Registry } from 'prom-client'

/** Sets the gauges from one read of `engine.health.readGauges` (or clears what could not be read). */
export type SetGauges = (read: EngineReturnType<'health', 'readGauges'> | undefined) => void

/**
 * The gauges read from the database and the chain at scrape time (through the facade, cached by the
 * caller): queue depths, the oldest pending mint job, clawbacks, each signer's nonce drift and
 * balance. A value that could not be read is removed (NaN for a gauge without labels) rather than
 * left stale.
 */
export function createGaugeMetrics(registry: Registry): SetGauges {
  const registers = [registry]
  const mintJobs = new Gauge({
    name: 'loyaltykit_mint_jobs',
    help: 'Mint jobs not confirmed yet (the mint queue), by status: pending (waiting for a batch), batched (in an unconfirmed transaction).',
    labelNames: ['status'],
    registers,
  })
  const oldestPending = new Gauge({
    name: 'loyaltykit_mint_oldest_pending_job_age_seconds',
    help: 'Age of the oldest pending mint job (0 when none is pending).',
    registers,
  })
  const webhookBacklog = new Gauge({
    name: 'loyaltykit_webhook_backlog',
    help: 'Webhook deliveries neither delivered nor failed yet (waiting for their mint, their next attempt, or in flight).',
    registers,
  })
  const clawbacks = new Gauge({
    name: 'loyaltykit_clawbacks_pending',
    help: 'Refund clawbacks not confirmed yet, by status: awaiting_payment, pending (to sign), signed (broadcast, unconfirmed).',
    labelNames: ['status'],
    registers,
  })
  const nonceDrift = new Gauge({
    name: 'loyaltykit_signer_nonce_drift',
    help: "A signer's pending nonce on chain minus the next nonce stored for it (0: in step; > 0: something else sent from the account; < 0: stored nonces not broadcast yet).",
    labelNames: ['role', 'address'],
    registers,
  })
  const balance = new Gauge({
    name: 'loyaltykit_signer_balance_wei',
    help: "A signer's balance in wei (the minter and the relayer pay gas; keep them funded).",
    labelNames: ['role', 'address'],
    registers,
  })
  const readFailures = new Counter({
    name: 'loyaltykit_gauge_read_failures_total',
    help: 'Scrape-time reads that failed (the gauges they feed are absent from that scrape), by part: backlog, <role>.nonce, <role>.storedNonce, <role>.balance, all.',
    labelNames: ['part'],
    registers,
  })

  return (read) => {
    for (const gauge of [mintJobs, clawbacks, nonceDrift, balance]) gauge.reset()
    if (!read) readFailures.inc({ part: 'all' })
    for (const part of Object.keys(read?.failures ?? {})) readFailures.inc({ part })
    const backlog = read?.backlog
    // Unknown is NaN (a label-less gauge cannot be absent), never a reassuring 0.
    oldestPending.set(Number.NaN)
    webhookBacklog.set(Number.NaN)
    if (read && backlog) {
      mintJobs.set({ status: 'pending' }, backlog.mintJobs.pending)
      mintJobs.set({ status: 'batched' }, backlog.mintJobs.batched)
      const oldest = backlog.mintJobs.oldestPendingAt
      oldestPending.set(oldest === null ? 0 : Math.max(0, (read.now - oldest) / 1000))
      webhookBacklog.set(backlog.webhookDeliveries.pending)
      clawbacks.set({ status: 'awaiting_payment' }, backlog.clawbacks.awaitingPayment)
      clawbacks.set({ status: 'pending' }, backlog.clawbacks.pending)
      clawbacks.set({ status: 'signed' }, backlog.clawbacks.signed)
    }
    for (const s of read?.signers ?? []) {
      const labels = { role: s.role, address: s.address }
      if (s.nonceDrift !== undefined) nonceDrift.set(labels, s.nonceDrift)
      if (s.balanceWei !== undefined) balance.set(labels, Number(s.balanceWei))
    }
  }
}
