import { rateLimitsSection } from '../../src/config/rate-limits-section'

/**
 * Every per-IP limit variable set to `0` (off): for a load generator or fuzzer that stands for many
 * clients from one address. Taken from the configuration section, so a new surface is included.
 */
export const IP_LIMITS_OFF: Record<string, string> = Object.fromEntries(
  Object.keys(rateLimitsSection.variables)
    .filter((name) => name.endsWith('_IP_PER_MINUTE'))
    .map((name) => [name, '0']),
)
