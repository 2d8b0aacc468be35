import type { IdempotencySettings } from '../http/idempotency'
import { defineSection } from './define-section'
import { envValue } from './env-value'

/** `Idempotency-Key` on every POST (docs/idempotency.md, docs/configuration.md#idempotency). */
export type IdempotencyConfig = IdempotencySettings

export const idempotencySection = defineSection({
  title: 'Idempotency',
  summary: '`Idempotency-Key` on every POST ([idempotency.md](idempotency.md)).',
  variables: {
    LOYALTYKIT_IDEMPOTENCY_RETENTION_HOURS: envValue
      .integer({ min: 1, max: 720, default: 24, unit: 'hours' })
      .describe('How long the answer of a key is stored and replayed (Stripe keeps 24 hours).'),
    LOYALTYKIT_IDEMPOTENCY_WAIT_MS: envValue
      .duration({ unit: 'ms', min: 0, max: 60_000, default: 5_000 })
      .describe(
        'How long a duplicate waits for the first request with its key before a 409 `IDEMPOTENCY_KEY_IN_USE`. `0` answers at once.',
      ),
  },
  read(v): IdempotencyConfig {
    return {
      retentionMs: v.LOYALTYKIT_IDEMPOTENCY_RETENTION_HOURS * 3_600_000,
      waitMs: v.LOYALTYKIT_IDEMPOTENCY_WAIT_MS,
    }
  },
})
