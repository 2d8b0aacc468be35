import { type ConstraintCheckOptions, DEFAULT_CONSTRAINT_CHECK_OPTIONS } from '@loyaltykit/engine'
import { z } from 'zod'
import { parseFeatureEnv } from '../identity/parse-feature-env'

const blankIsUnset = (v: unknown) => (v === '' ? undefined : v)
const integer = (min: number, max: number, unit: string) => {
  const error = `must be an integer number of ${unit} (${min}-${max})`
  return z.preprocess(
    blankIsUnset,
    z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).optional(),
  )
}
const flag = z.preprocess(
  blankIsUnset,
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .transform((v) => v === 'true' || v === '1' || v === 'yes')
    .optional(),
)

const schema = z.object({
  LOYALTYKIT_CONSTRAINT_CACHE_TTL_SECONDS: integer(0, 86_400, 'seconds'),
  LOYALTYKIT_CONSTRAINT_TIMEOUT_MS: integer(100, 60_000, 'milliseconds'),
  LOYALTYKIT_CONSTRAINT_MAX_RESPONSE_BYTES: integer(256, 1_048_576, 'bytes'),
  LOYALTYKIT_CONSTRAINT_ALLOW_PRIVATE: flag,
})

/** How the engine asks external constraint APIs (docs/identity.md). */
export function loadConstraintConfig(env: Readonly<Record<string, string | undefined>>): ConstraintCheckOptions {
  const e = parseFeatureEnv(schema, env)
  const d = DEFAULT_CONSTRAINT_CHECK_OPTIONS
  return {
    cacheTtlMs:
      e.LOYALTYKIT_CONSTRAINT_CACHE_TTL_SECONDS === undefined
        ? d.cacheTtlMs
        : e.LOYALTYKIT_CONSTRAINT_CACHE_TTL_SECONDS * 1000,
    timeoutMs: e.LOYALTYKIT_CONSTRAINT_TIMEOUT_MS ?? d.timeoutMs,
    maxResponseBytes: e.LOYALTYKIT_CONSTRAINT_MAX_RESPONSE_BYTES ?? d.maxResponseBytes,
    allowPrivateAddresses: e.LOYALTYKIT_CONSTRAINT_ALLOW_PRIVATE ?? d.allowPrivateAddresses,
  }
}
