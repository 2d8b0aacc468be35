import { type ConstraintCheckOptions, DEFAULT_CONSTRAINT_CHECK_OPTIONS as D } from '@loyaltykit/engine'
import { defineSection } from './define-section'
import { envValue } from './env-value'

/** How the engine asks brands' external constraint APIs (docs/identity.md, docs/configuration.md#constraints). */
export const constraintsSection = defineSection({
  title: 'Constraints',
  summary: 'External purchase-constraint checks before perk claims ([identity.md](identity.md)).',
  variables: {
    LOYALTYKIT_CONSTRAINT_CACHE_TTL_SECONDS: envValue
      .duration({ unit: 's', min: 0, max: 86_400, default: D.cacheTtlMs / 1000 })
      .describe('How long a constraint answer is cached per (URL, user, collection).'),
    LOYALTYKIT_CONSTRAINT_TIMEOUT_MS: envValue
      .duration({ unit: 'ms', min: 100, max: 60_000, default: D.timeoutMs })
      .describe('Timeout of one constraint check.'),
    LOYALTYKIT_CONSTRAINT_MAX_RESPONSE_BYTES: envValue
      .integer({ min: 256, max: 1_048_576, unit: 'bytes', default: D.maxResponseBytes })
      .describe('Largest constraint answer read.'),
    LOYALTYKIT_CONSTRAINT_ALLOW_PRIVATE: envValue
      .boolean({ default: D.allowPrivateAddresses })
      .describe('Allow constraint URLs on loopback / private networks (development).'),
  },
  read(v): ConstraintCheckOptions {
    return {
      cacheTtlMs: v.LOYALTYKIT_CONSTRAINT_CACHE_TTL_SECONDS * 1000,
      timeoutMs: v.LOYALTYKIT_CONSTRAINT_TIMEOUT_MS,
      maxResponseBytes: v.LOYALTYKIT_CONSTRAINT_MAX_RESPONSE_BYTES,
      allowPrivateAddresses: v.LOYALTYKIT_CONSTRAINT_ALLOW_PRIVATE,
    }
  },
})
