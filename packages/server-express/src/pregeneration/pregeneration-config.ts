import { DEFAULT_PREGENERATION_LIMITS, type PregenerationLimits } from '@loyaltykit/engine'
import { z } from 'zod'
import { parseFeatureEnv } from '../identity/parse-feature-env'

const blankIsUnset = (v: unknown) => (v === '' ? undefined : v)
const count = (max: number) => {
  const error = `must be an integer between 1 and ${max}`
  return z.preprocess(
    blankIsUnset,
    z.coerce.number({ error }).int({ error }).min(1, { error }).max(max, { error }).optional(),
  )
}

const schema = z.object({
  LOYALTYKIT_PREGENERATION_PER_MINUTE: count(1_000_000),
  LOYALTYKIT_PREGENERATION_PER_DAY: count(100_000_000),
})

/** Per-brand pregeneration limits: the spec's 100 a minute and 10,000 a day unless overridden. */
export function loadPregenerationConfig(env: Readonly<Record<string, string | undefined>>): {
  limits: PregenerationLimits
} {
  const e = parseFeatureEnv(schema, env)
  return {
    limits: {
      perMinute: e.LOYALTYKIT_PREGENERATION_PER_MINUTE ?? DEFAULT_PREGENERATION_LIMITS.perMinute,
      perDay: e.LOYALTYKIT_PREGENERATION_PER_DAY ?? DEFAULT_PREGENERATION_LIMITS.perDay,
    },
  }
}
