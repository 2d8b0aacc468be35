import { RELAY_MAX_GAS_LIMIT, RELAY_REQUESTS_PER_MINUTE_PER_IP, RELAY_TRANSACTIONS_PER_HOUR } from '@loyaltykit/engine'
import { z } from 'zod'
import { parseFeatureEnv } from '../identity/parse-feature-env'

/** Settings of the relayer and perk-charge endpoints (docs/relayer.md, docs/configuration.md). */
export type RelayerConfig = {
  /** Path prefix of `/relay`, `/redeem-perk`, `/check-perk-status`, `/list-perk-holders` (`LOYALTYKIT_RELAYER_BASE_PATH`, default none). */
  basePath: string
  /** Origins allowed besides brand websites (`LOYALTYKIT_RELAYER_ORIGINS`, comma-separated; the server's own origin always). */
  allowedOrigins: string[]
  /** Refuse `/relay` without an Origin header (`LOYALTYKIT_RELAYER_REQUIRE_ORIGIN`, default false). */
  requireOrigin: boolean
  /** Relayed transactions per user address per hour (`LOYALTYKIT_RELAYER_TX_PER_HOUR`, default 35). */
  transactionsPerHour: number
  /** Relayer API requests per IP per minute (`LOYALTYKIT_RELAYER_IP_PER_MINUTE`, default 100). */
  requestsPerMinutePerIp: number
  /** Highest gas limit of a relayed transaction (`LOYALTYKIT_RELAYER_MAX_GAS`, default and max 1,000,000). */
  maxGasLimit: number
  /** Daily gas budget per user address (`LOYALTYKIT_RELAYER_USER_DAILY_GAS`, gas units; unset: none). */
  userDailyGasBudget: number | undefined
  /** Daily gas budget per brand (`LOYALTYKIT_RELAYER_BRAND_DAILY_GAS`, gas units; unset: none). */
  brandDailyGasBudget: number | undefined
  /** How long `/relay` waits for a receipt on an RPC chain (`LOYALTYKIT_RELAYER_RECEIPT_TIMEOUT_MS`, default 60000). */
  receiptTimeoutMs: number
  /** RPC chains: replace a relayed transaction still unmined after this long with higher fees (`LOYALTYKIT_RELAYER_REPLACE_AFTER_MS`, default 30000). */
  replaceAfterMs: number
}

const blankIsUnset = (v: unknown) => (v === '' ? undefined : v)
const integer = (min: number, max: number) => {
  const error = `must be an integer between ${min} and ${max}`
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
const origin = z
  .string()
  .refine(
    (v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol) && new URL(v).origin === v.replace(/\/$/, ''),
    {
      error: 'must be a comma-separated list of origins like https://app.example.com',
    },
  )
  .transform((v) => new URL(v).origin)

const schema = z.object({
  LOYALTYKIT_RELAYER_BASE_PATH: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^(\/[A-Za-z0-9._~-]+)+\/?$/, { error: 'must be a path like /relayer' })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  LOYALTYKIT_RELAYER_ORIGINS: z.preprocess(
    blankIsUnset,
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== ''),
      )
      .pipe(z.array(origin))
      .optional(),
  ),
  LOYALTYKIT_RELAYER_REQUIRE_ORIGIN: flag,
  LOYALTYKIT_RELAYER_TX_PER_HOUR: integer(1, 1_000_000),
  LOYALTYKIT_RELAYER_IP_PER_MINUTE: integer(1, 100_000_000),
  LOYALTYKIT_RELAYER_MAX_GAS: integer(21_000, RELAY_MAX_GAS_LIMIT),
  LOYALTYKIT_RELAYER_USER_DAILY_GAS: integer(1, Number.MAX_SAFE_INTEGER),
  LOYALTYKIT_RELAYER_BRAND_DAILY_GAS: integer(1, Number.MAX_SAFE_INTEGER),
  LOYALTYKIT_RELAYER_RECEIPT_TIMEOUT_MS: integer(1_000, 3_600_000),
  LOYALTYKIT_RELAYER_REPLACE_AFTER_MS: integer(100, 3_600_000),
})

/**
 * Reads the relayer's settings; `publicUrl` (the server's own address) is always an allowed origin.
 * Throws one ConfigError naming every invalid variable.
 */
export function loadRelayerConfig(env: Readonly<Record<string, string | undefined>>, publicUrl: string): RelayerConfig {
  const e = parseFeatureEnv(schema, env)
  return {
    basePath: e.LOYALTYKIT_RELAYER_BASE_PATH ?? '',
    allowedOrigins: [...new Set([new URL(publicUrl).origin, ...(e.LOYALTYKIT_RELAYER_ORIGINS ?? [])])],
    requireOrigin: e.LOYALTYKIT_RELAYER_REQUIRE_ORIGIN ?? false,
    transactionsPerHour: e.LOYALTYKIT_RELAYER_TX_PER_HOUR ?? RELAY_TRANSACTIONS_PER_HOUR,
    requestsPerMinutePerIp: e.LOYALTYKIT_RELAYER_IP_PER_MINUTE ?? RELAY_REQUESTS_PER_MINUTE_PER_IP,
    maxGasLimit: e.LOYALTYKIT_RELAYER_MAX_GAS ?? RELAY_MAX_GAS_LIMIT,
    userDailyGasBudget: e.LOYALTYKIT_RELAYER_USER_DAILY_GAS,
    brandDailyGasBudget: e.LOYALTYKIT_RELAYER_BRAND_DAILY_GAS,
    receiptTimeoutMs: e.LOYALTYKIT_RELAYER_RECEIPT_TIMEOUT_MS ?? 60_000,
    replaceAfterMs: e.LOYALTYKIT_RELAYER_REPLACE_AFTER_MS ?? 30_000,
  }
}
