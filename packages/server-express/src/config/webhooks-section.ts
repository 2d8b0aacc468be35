import { DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS } from '@loyaltykit/engine'
import { defineSection } from './define-section'
import { envValue } from './env-value'

/** The webhook dispatcher's settings (docs/webhooks.md, docs/configuration.md#webhooks). */
export type WebhookConfig = {
  /** Run the dispatcher in this process. */
  enabled: boolean
  /** Waits after failed attempts 1, 2, …, in ms; attempts = length + 1. */
  retryScheduleMs: number[]
  jitter: number
  timeoutMs: number
  pollIntervalMs: number
  /** Deliver to loopback / private / reserved addresses (development). */
  allowPrivateAddresses: boolean
}

export const webhooksSection = defineSection({
  title: 'Webhooks',
  summary: 'The outgoing webhook dispatcher ([webhooks.md](webhooks.md)).',
  variables: {
    LOYALTYKIT_WEBHOOKS: envValue
      .boolean({ default: true })
      .describe(
        'Run the webhook dispatcher in `loyaltykit start`. `false` turns it off in this process (deliveries wait in the outbox).',
      ),
    LOYALTYKIT_WEBHOOK_RETRY_SCHEDULE: envValue
      .durationList({ maxItems: 50, default: [...DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS] })
      .describe(
        'Waits after failed attempts 1, 2, …; units `ms`, `s`, `m`, `h`, `d` (a bare number is ms). Attempts = entries + 1.',
      ),
    LOYALTYKIT_WEBHOOK_JITTER: envValue
      .number({ min: 0, max: 1, default: 0.2 })
      .describe('Each wait is stretched by up to this fraction at random.'),
    LOYALTYKIT_WEBHOOK_TIMEOUT_MS: envValue
      .duration({ unit: 'ms', min: 100, max: 120_000, default: 10_000 })
      .describe('Per-attempt timeout.'),
    LOYALTYKIT_WEBHOOK_POLL_MS: envValue
      .duration({ unit: 'ms', min: 10, max: 600_000, default: 1_000 })
      .describe('How often the dispatcher looks for due deliveries: the delay after a mint confirms or a redeliver.'),
    LOYALTYKIT_WEBHOOK_ALLOW_PRIVATE: envValue
      .boolean({ default: false })
      .describe(
        'Deliver webhooks to loopback, private, link-local and reserved addresses (development only). Otherwise such endpoints fail with `EPRIVATEADDRESS`, checked on the address actually connected to (no DNS rebinding).',
      ),
  },
  read(v): WebhookConfig {
    return {
      enabled: v.LOYALTYKIT_WEBHOOKS,
      retryScheduleMs: v.LOYALTYKIT_WEBHOOK_RETRY_SCHEDULE,
      jitter: v.LOYALTYKIT_WEBHOOK_JITTER,
      timeoutMs: v.LOYALTYKIT_WEBHOOK_TIMEOUT_MS,
      pollIntervalMs: v.LOYALTYKIT_WEBHOOK_POLL_MS,
      allowPrivateAddresses: v.LOYALTYKIT_WEBHOOK_ALLOW_PRIVATE,
    }
  },
})
