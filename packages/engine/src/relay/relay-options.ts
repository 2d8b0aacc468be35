/** The spec's relayer limits (§8). */
export const RELAY_TRANSACTIONS_PER_HOUR = 35
export const RELAY_MAX_GAS_LIMIT = 1_000_000
/** 100 gwei. */
export const RELAY_MAX_FEE_PER_GAS = 100_000_000_000n
export const RELAY_REQUESTS_PER_MINUTE_PER_IP = 100

export type RelayOptions = {
  /** The bearer access token (`Authorization: Bearer …`), verified on every call. */
  accessToken?: string | undefined
  /** The request's `Origin` header. */
  origin?: string | undefined
  /**
   * Origins allowed besides the websites of registered brands (e.g. the server's own origin).
   * A request whose `Origin` is neither is refused (403 ORIGIN_NOT_ALLOWED).
   */
  allowedOrigins?: readonly string[]
  /** Refuse requests without an `Origin` header (default false: non-browser clients send none). */
  requireOrigin?: boolean
  /** Relayed transactions per user address per fixed hourly window; default 35. */
  transactionsPerHour?: number
  /** Highest gas limit of one relayed transaction; default 1,000,000. */
  maxGasLimit?: number
  /** Gas units per user address per UTC day; absent: no budget. */
  userDailyGasBudget?: number
  /** Gas units per brand per UTC day; absent: no budget. */
  brandDailyGasBudget?: number
  /** How long a request waits for its receipt on an RPC chain; default 60000 ms. */
  receiptTimeoutMs?: number
  /** RPC chains: a relayed transaction still unmined after this long is replaced with higher fees; default 30000 ms. */
  replaceAfterMs?: number
}

export type ResolvedRelayOptions = Required<
  Omit<RelayOptions, 'accessToken' | 'origin' | 'userDailyGasBudget' | 'brandDailyGasBudget' | 'allowedOrigins'>
> & {
  allowedOrigins: readonly string[]
  userDailyGasBudget: number | undefined
  brandDailyGasBudget: number | undefined
}

export function resolveRelayOptions(options: RelayOptions = {}): ResolvedRelayOptions {
  return {
    allowedOrigins: (options.allowedOrigins ?? []).map((o) => o.toLowerCase().replace(/\/+$/, '')),
    requireOrigin: options.requireOrigin ?? false,
    transactionsPerHour: options.transactionsPerHour ?? RELAY_TRANSACTIONS_PER_HOUR,
    maxGasLimit: Math.min(options.maxGasLimit ?? RELAY_MAX_GAS_LIMIT, RELAY_MAX_GAS_LIMIT),
    userDailyGasBudget: options.userDailyGasBudget,
    brandDailyGasBudget: options.brandDailyGasBudget,
    receiptTimeoutMs: options.receiptTimeoutMs ?? 60_000,
    replaceAfterMs: options.replaceAfterMs ?? 30_000,
  }
}
