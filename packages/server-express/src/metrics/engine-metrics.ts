import type { EngineObservation, EngineObserver } from '@loyaltykit/engine'
import { Counter, Histogram, type Registry } from 'prom-client'

const BATCH_BUCKETS = [1, 2, 5, 10, 25, 50, 100, 250, 500]
const GAS_PER_MINT_BUCKETS = [20_000, 25_000, 30_000, 35_000, 40_000, 50_000, 75_000, 100_000, 150_000]

/**
 * The engine's observations (`EngineObserver`) as Prometheus counters and histograms in `registry`:
 * each observation is one increment or one observe, never I/O (it runs on every event).
 */
export function createEngineMetrics(registry: Registry): EngineObserver {
  const registers = [registry]
  const eventsAccepted = new Counter({
    name: 'loyaltykit_events_accepted_total',
    help: 'Events (manual-event, bulk-events items) recorded with their reward.',
    registers,
  })
  const eventsRefused = new Counter({
    name: 'loyaltykit_events_refused_total',
    help: 'Events not recorded, by reason: the error code answered (DUPLICATE_EVENT, COOLDOWN_ACTIVE, …; INTERNAL for failures).',
    labelNames: ['reason'],
    registers,
  })
  const batchSize = new Histogram({
    name: 'loyaltykit_mint_batch_size',
    help: 'Mint jobs claimed into each new batch by the minter of this process.',
    buckets: BATCH_BUCKETS,
    registers,
  })
  const transactionMints = new Histogram({
    name: 'loyaltykit_mint_transaction_mints',
    help: 'Mints per confirmed batch-mint transaction (its _sum counts the mints confirmed).',
    buckets: BATCH_BUCKETS,
    registers,
  })
  const gasPerMint = new Histogram({
    name: 'loyaltykit_mint_gas_per_mint',
    help: 'Gas used by a confirmed batch-mint transaction divided by its mints.',
    buckets: GAS_PER_MINT_BUCKETS,
    registers,
  })
  const relays = new Counter({
    name: 'loyaltykit_relays_total',
    help: 'Relay requests answered with a confirmed transaction, by the approved function called.',
    labelNames: ['function'],
    registers,
  })
  const relayRefusals = new Counter({
    name: 'loyaltykit_relay_refusals_total',
    help: 'Relay requests answered with an error, by its code (RATE_LIMIT_EXCEEDED, CONTRACT_NOT_WHITELISTED, …).',
    labelNames: ['code'],
    registers,
  })
  const relayTransactions = new Counter({
    name: 'loyaltykit_relay_transactions_total',
    help: 'Relayer transactions mined (relayed calls and permits), by receipt status.',
    labelNames: ['status'],
    registers,
  })
  const relayGas = new Counter({
    name: 'loyaltykit_relay_gas_used_total',
    help: 'Gas used by mined relayer transactions (paid by the relayer account).',
    registers,
  })
  const webhookAttempts = new Counter({
    name: 'loyaltykit_webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome: delivered (2xx), retry (failed, retried later), failed (failed, no attempt left), stale (claim voided meanwhile).',
    labelNames: ['outcome'],
    registers,
  })

  const count = (o: EngineObservation): void => {
    switch (o.type) {
      case 'event.accepted':
        eventsAccepted.inc()
        break
      case 'event.refused':
        eventsRefused.inc({ reason: o.reason })
        break
      case 'mint.batch_claimed':
        batchSize.observe(o.jobs)
        break
      case 'mint.batch_confirmed':
        transactionMints.observe(o.mints)
        if (o.gasUsed !== null && o.mints > 0) gasPerMint.observe(Number(o.gasUsed) / o.mints)
        break
      case 'relay.relayed':
        relays.inc({ function: o.functionName })
        break
      case 'relay.refused':
        relayRefusals.inc({ code: o.code })
        break
      case 'relay.transaction_settled':
        relayTransactions.inc({ status: o.status })
        relayGas.inc(Number(o.gasUsed))
        break
      case 'webhook.attempt':
        webhookAttempts.inc({ outcome: o.outcome })
        break
    }
  }
  return {
    observe(o) {
      try {
        count(o)
      } catch {
        // A metric must never fail the engine's work.
      }
    },
  }
}
