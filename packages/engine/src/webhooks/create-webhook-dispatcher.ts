import type { EngineContext } from '../context'
import type { ClaimedWebhookDelivery, WebhookAttemptOutcome } from '../ports/webhook-store'
import { createWorkerLoop } from '../workers/worker-loop'
import { sendSignedWebhook } from './send-signed-webhook'
import type { SendWebhookResult } from './send-webhook'
import { type TokensDistributedFacts, tokensDistributedBody } from './tokens-distributed-payload'
import { resolveWebhookDispatcherOptions, type WebhookDispatcherOptions } from './webhook-dispatcher-options'
import { webhookRetryDelay } from './webhook-retry-delay'

export type WebhookDispatcherStats = {
  attempts: number
  delivered: number
  /** Failed attempts (rescheduled or final). */
  failures: number
  /** Deliveries that used their last attempt. */
  failedDeliveries: number
  /** Outcomes dropped because the claim had been voided (redeliver) or expired meanwhile. */
  staleOutcomes: number
  lastError: string | null
}

export type WebhookDispatcher = {
  /** Starts the loop (idempotent). */
  start(): void
  /** Lets the attempts in flight finish (each bounded by `timeoutMs`) and resolves. */
  stop(): Promise<void>
  /** Look at the outbox now (after a redeliver, or a mint confirmed in this process). */
  wake(): void
  /**
   * One round: claims the due deliveries (mint confirmed, endpoint enabled; at most `batchSize`),
   * attempts them concurrently and records each outcome. Resolves to the number attempted. The loop
   * calls it; tests call it directly with a controlled clock.
   */
  runOnce(): Promise<number>
  stats(): WebhookDispatcherStats
}

/**
 * The webhook dispatcher: drains the outbox written by `enqueueWebhook` (and `triggerWebhook`'s test
 * deliveries, when a redeliver or a crash leaves one pending). Each delivery is POSTed, signed per
 * Standard Webhooks, once its mint job is confirmed (the payload's transactionHash and
 * timestamp come from the job); 2xx acknowledges it, anything else is retried on the schedule with
 * jitter, then the delivery is `failed` (a redeliver schedules it again). Any number of dispatchers
 * may run against one database: a claim reserves a delivery for one attempt (see
 * `WebhookStore.claimDue`), so one attempt is never sent twice; if its holder dies, the delivery is
 * retried once the claim expires (at-least-once, as webhooks are). Secrets are never logged.
 */
export function createWebhookDispatcher(ctx: EngineContext, options: WebhookDispatcherOptions = {}): WebhookDispatcher {
  const o = resolveWebhookDispatcherOptions(options)
  const logger = ctx.logger.child({ component: 'webhooks' })
  const stats: WebhookDispatcherStats = {
    attempts: 0,
    delivered: 0,
    failures: 0,
    failedDeliveries: 0,
    staleOutcomes: 0,
    lastError: null,
  }

  const worker = createWorkerLoop({ run })
  const { wake, sleep: idle } = worker

  /** Builds, signs and POSTs one attempt; every problem (no secret, bad row) is a failed attempt. */
  async function send(delivery: ClaimedWebhookDelivery): Promise<SendWebhookResult> {
    let body: string
    try {
      body = bodyOf(delivery)
    } catch (e) {
      return { acknowledged: false, statusCode: null, error: e instanceof Error ? e.message : String(e), latencyMs: 0 }
    }
    return sendSignedWebhook(ctx, {
      id: delivery.id,
      url: delivery.url,
      secrets: delivery.secrets,
      body,
      timeoutMs: o.timeoutMs,
      fetch: o.fetch,
      userAgent: o.userAgent,
    })
  }

  async function attempt(delivery: ClaimedWebhookDelivery, claimToken: string): Promise<void> {
    const result = await send(delivery)
    const now = ctx.clock.now()
    let outcome: WebhookAttemptOutcome
    if (result.acknowledged) outcome = { delivered: true, statusCode: result.statusCode }
    else {
      const delay = webhookRetryDelay({
        schedule: o.retryScheduleMs,
        attempts: delivery.attempts,
        jitter: o.jitter,
        random: o.random,
      })
      outcome = {
        delivered: false,
        statusCode: result.statusCode,
        error: result.error,
        nextAttemptAt: delay === null ? null : now + delay,
      }
    }
    const recorded = await ctx.storage.webhooks.completeAttempt({ id: delivery.id, claimToken, now, outcome })
    const where = {
      deliveryId: delivery.id,
      brandId: delivery.brandId,
      endpointId: delivery.endpointId,
      eventId: delivery.eventId,
      attempt: delivery.attempts,
      host: hostOf(delivery.url),
      status: outcome.statusCode,
    }
    stats.attempts++
    ctx.observer?.observe({
      type: 'webhook.attempt',
      outcome: !recorded
        ? 'stale'
        : outcome.delivered
          ? 'delivered'
          : outcome.nextAttemptAt === null
            ? 'failed'
            : 'retry',
    })
    if (!recorded) {
      stats.staleOutcomes++
      logger.info(where, 'webhook attempt outcome dropped: the delivery was rescheduled meanwhile')
      return
    }
    if (outcome.delivered) {
      stats.delivered++
      logger.debug(where, 'webhook delivered')
      return
    }
    stats.failures++
    stats.lastError = outcome.error
    if (outcome.nextAttemptAt === null) {
      stats.failedDeliveries++
      logger.error({ ...where, error: outcome.error }, 'webhook delivery failed: no attempt left')
    } else {
      logger.warn({ ...where, error: outcome.error, nextAttemptAt: outcome.nextAttemptAt }, 'webhook attempt failed')
    }
  }

  async function runOnce(): Promise<number> {
    const now = ctx.clock.now()
    const claimToken = ctx.ids.uuid()
    const claimed = await ctx.storage.webhooks.claimDue({
      now,
      leaseUntil: now + o.claimTtlMs,
      limit: o.batchSize,
      claimToken,
    })
    await Promise.all(claimed.map((delivery) => attempt(delivery, claimToken)))
    return claimed.length
  }

  async function run() {
    let failures = 0
    while (!worker.stopping) {
      try {
        const attempted = await runOnce()
        failures = 0
        if (attempted < o.batchSize) await idle(o.pollIntervalMs)
      } catch (error) {
        failures++
        const message = error instanceof Error ? error.message : String(error)
        stats.lastError = message
        logger.error({ error: message, failures }, 'webhook dispatcher round failed')
        await idle(Math.min(60_000, o.pollIntervalMs * 2 ** Math.min(failures, 6)))
      }
    }
  }

  return {
    start: worker.start,
    stop: worker.stop,
    wake,
    runOnce,
    stats: () => ({ ...stats }),
  }
}

/** The body of every attempt: a test delivery stores it whole; a real one is completed by its mint. */
function bodyOf(delivery: ClaimedWebhookDelivery): string {
  if (delivery.test) return delivery.payload
  const facts = JSON.parse(delivery.payload) as TokensDistributedFacts
  return tokensDistributedBody(facts, { txHash: delivery.txHash, confirmedAt: delivery.confirmedAt })
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return '?'
  }
}
