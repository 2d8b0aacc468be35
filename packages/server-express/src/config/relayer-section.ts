import { RELAY_MAX_GAS_LIMIT, RELAY_TRANSACTIONS_PER_HOUR } from '@loyaltykit/engine'
import { defineSection } from './define-section'
import { envValue } from './env-value'

/** Settings of the relayer and perk-charge endpoints (docs/relayer.md, docs/configuration.md#relayer). */
export type RelayerConfig = {
  /** Path prefix of `/relay`, `/redeem-perk`, `/check-perk-status`, `/list-perk-holders` ('' = none). */
  basePath: string
  /** Origins allowed besides brand websites; the server's own origin always. */
  allowedOrigins: string[]
  /** Refuse `/relay` without an Origin header. */
  requireOrigin: boolean
  /** Relayed transactions per user address per hour. */
  transactionsPerHour: number
  /** Highest gas limit of a relayed transaction. */
  maxGasLimit: number
  /** Daily gas budget per user address (gas units; undefined: none). */
  userDailyGasBudget: number | undefined
  /** Daily gas budget per brand (gas units; undefined: none). */
  brandDailyGasBudget: number | undefined
  /** How long `/relay` waits for a receipt on an RPC chain. */
  receiptTimeoutMs: number
  /** RPC chains: replace a relayed transaction still unmined after this long with higher fees. */
  replaceAfterMs: number
}

export const relayerSection = defineSection({
  title: 'Relayer',
  summary: 'The gasless relayer and the perk-charge endpoints ([relayer.md](relayer.md)).',
  variables: {
    LOYALTYKIT_RELAYER_BASE_PATH: envValue
      .string({
        type: 'path',
        pattern: /^(\/[A-Za-z0-9._~-]+)+\/?$/,
        message: 'must be a path like /relayer',
        unset: 'none',
      })
      .describe('Path prefix of `/relay` and the perk-charge endpoints, e.g. `/relayer` → `/relayer/relay`.'),
    LOYALTYKIT_RELAYER_ORIGINS: envValue
      .origins({ unset: 'none' })
      .describe('Origins allowed besides brand websites and the server’s own origin.'),
    LOYALTYKIT_RELAYER_REQUIRE_ORIGIN: envValue
      .boolean({ default: false })
      .describe('Refuse `/relay` requests without an `Origin` header.'),
    LOYALTYKIT_RELAYER_TX_PER_HOUR: envValue
      .integer({ min: 1, max: 1_000_000, default: RELAY_TRANSACTIONS_PER_HOUR })
      .describe('Relayed transactions per user address per hour.'),
    LOYALTYKIT_RELAYER_MAX_GAS: envValue
      .integer({ min: 21_000, max: RELAY_MAX_GAS_LIMIT, default: RELAY_MAX_GAS_LIMIT })
      .describe('Highest gas limit of a relayed transaction; at most `LOYALTYKIT_MAX_GAS`.'),
    LOYALTYKIT_RELAYER_USER_DAILY_GAS: envValue
      .integer({ min: 1, max: Number.MAX_SAFE_INTEGER, unset: 'no budget' })
      .describe('Gas units per user address per UTC day.'),
    LOYALTYKIT_RELAYER_BRAND_DAILY_GAS: envValue
      .integer({ min: 1, max: Number.MAX_SAFE_INTEGER, unset: 'no budget' })
      .describe('Gas units per brand per UTC day.'),
    LOYALTYKIT_RELAYER_RECEIPT_TIMEOUT_MS: envValue
      .duration({ unit: 'ms', min: 1_000, max: 3_600_000, default: 60_000 })
      .describe('RPC chains: how long `/relay` waits for its receipt.'),
    LOYALTYKIT_RELAYER_REPLACE_AFTER_MS: envValue
      .duration({ unit: 'ms', min: 100, max: 3_600_000, default: 30_000 })
      .describe(
        'RPC chains: a relayed transaction unmined this long is replaced with 12.5 % higher fees (within `LOYALTYKIT_MAX_FEE_PER_GAS_GWEI`).',
      ),
  },
  read(v, deps: { publicUrl: string; maxGas: bigint }, report): RelayerConfig {
    if (BigInt(v.LOYALTYKIT_RELAYER_MAX_GAS) > deps.maxGas) {
      report(
        'LOYALTYKIT_RELAYER_MAX_GAS',
        `(${v.LOYALTYKIT_RELAYER_MAX_GAS}) must not exceed LOYALTYKIT_MAX_GAS (${deps.maxGas}): the server would refuse to sign such a relayed transaction`,
      )
    }
    return {
      basePath: v.LOYALTYKIT_RELAYER_BASE_PATH?.replace(/\/+$/, '') ?? '',
      allowedOrigins: [...new Set([new URL(deps.publicUrl).origin, ...(v.LOYALTYKIT_RELAYER_ORIGINS ?? [])])],
      requireOrigin: v.LOYALTYKIT_RELAYER_REQUIRE_ORIGIN,
      transactionsPerHour: v.LOYALTYKIT_RELAYER_TX_PER_HOUR,
      maxGasLimit: v.LOYALTYKIT_RELAYER_MAX_GAS,
      userDailyGasBudget: v.LOYALTYKIT_RELAYER_USER_DAILY_GAS,
      brandDailyGasBudget: v.LOYALTYKIT_RELAYER_BRAND_DAILY_GAS,
      receiptTimeoutMs: v.LOYALTYKIT_RELAYER_RECEIPT_TIMEOUT_MS,
      replaceAfterMs: v.LOYALTYKIT_RELAYER_REPLACE_AFTER_MS,
    }
  },
})
