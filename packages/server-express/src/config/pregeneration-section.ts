import { DEFAULT_PREGENERATION_LIMITS, type PregenerationLimits } from '@loyaltykit/engine'
import { defineSection } from './define-section'
import { envValue } from './env-value'

/** Per-brand pregeneration limits (docs/identity.md, docs/configuration.md#pregeneration). */
export type PregenerationConfig = { limits: PregenerationLimits }

export const pregenerationSection = defineSection({
  title: 'Pregeneration',
  summary: 'Wallet pregeneration for OAuth identities: the spec’s per-brand limits unless overridden.',
  variables: {
    LOYALTYKIT_PREGENERATION_PER_MINUTE: envValue
      .integer({ min: 1, max: 1_000_000, default: DEFAULT_PREGENERATION_LIMITS.perMinute })
      .describe('Pregeneration requests per brand per minute.'),
    LOYALTYKIT_PREGENERATION_PER_DAY: envValue
      .integer({ min: 1, max: 100_000_000, default: DEFAULT_PREGENERATION_LIMITS.perDay })
      .describe('Pregeneration requests per brand per UTC day.'),
  },
  read(v): PregenerationConfig {
    return {
      limits: { perMinute: v.LOYALTYKIT_PREGENERATION_PER_MINUTE, perDay: v.LOYALTYKIT_PREGENERATION_PER_DAY },
    }
  },
})
