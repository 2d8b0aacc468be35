import { createPublicOnlyFetch, publicOnlyFetch } from '../web/public-only-fetch'

/** Waits after failed attempts 1, 2, …: 30 s, 2 m, 5 m, 15 m, 30 m, 1 h, 2 h, 4 h, 8 h → 10 attempts over ~16 h. */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS: readonly number[] = [
  30_000, 120_000, 300_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000,
]

export type WebhookDispatcherOptions = {
  /**
   * Wait after each failed attempt, in ms; its length + 1 is the number of attempts before a delivery
   * is `failed`. Default `DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS`.
   */
  retryScheduleMs?: readonly number[]
  /** Each wait is stretched by up to this fraction at random (0 = exact schedule). Default 0.2. */
  jitter?: number
  /** Random source in [0, 1) for the jitter (tests). Default Math.random. */
  random?: () => number
  /** Per-attempt timeout (connect + response headers + the first bytes of the body). Default 10000 ms. */
  timeoutMs?: number
  /** Poll of the outbox when idle (deliveries enqueued or confirmed elsewhere). Default 1000 ms. */
  pollIntervalMs?: number
  /** Deliveries claimed (and sent concurrently) per round. Default 20. */
  batchSize?: number
  /**
   * How long a claimed delivery is reserved for the attempt in flight; if the process dies, another
   * dispatcher retries it after this. Must exceed `timeoutMs`. Default `timeoutMs` + 60000 ms.
   */
  claimTtlMs?: number
  /**
   * Deliver to loopback, private, link-local and reserved addresses (development only). Default false:
   * such endpoints fail with `EPRIVATEADDRESS` (SSRF guard, checked on the address connected to).
   */
  allowPrivateAddresses?: boolean
  /**
   * DNS servers (`IP[:port]`) the private-address guard resolves endpoint hosts with; absent or
   * empty: the system's resolver. The server passes `LOYALTYKIT_DNS_SERVERS`.
   */
  dnsServers?: readonly string[]
  /**
   * HTTP client (tests, proxies). Default `createPublicOnlyFetch({ dnsServers })`, or the global fetch when
   * `allowPrivateAddresses`. A client given here owns the address policy.
   */
  fetch?: typeof fetch
  /** `user-agent` header. Default `loyaltykit-webhooks/1`. */
  userAgent?: string
}

export type ResolvedWebhookDispatcherOptions = Required<WebhookDispatcherOptions>

export function resolveWebhookDispatcherOptions(options: WebhookDispatcherOptions): ResolvedWebhookDispatcherOptions {
  const schedule = options.retryScheduleMs ?? DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS
  if (schedule.some((ms) => !Number.isFinite(ms) || ms < 0)) {
    throw new RangeError('retryScheduleMs must hold non-negative numbers of milliseconds')
  }
  const timeoutMs = options.timeoutMs ?? 10_000
  const claimTtlMs = options.claimTtlMs ?? timeoutMs + 60_000
  if (claimTtlMs <= timeoutMs) throw new RangeError('claimTtlMs must exceed timeoutMs')
  return {
    retryScheduleMs: [...schedule],
    jitter: Math.max(0, options.jitter ?? 0.2),
    random: options.random ?? Math.random,
    timeoutMs,
    pollIntervalMs: options.pollIntervalMs ?? 1_000,
    batchSize: Math.max(1, options.batchSize ?? 20),
    claimTtlMs,
    allowPrivateAddresses: options.allowPrivateAddresses ?? false,
    dnsServers: options.dnsServers ?? [],
    fetch:
      options.fetch ??
      (options.allowPrivateAddresses
        ? (input, init) => globalThis.fetch(input, init)
        : options.dnsServers && options.dnsServers.length > 0
          ? createPublicOnlyFetch({ dnsServers: options.dnsServers })
          : publicOnlyFetch),
    userAgent: options.userAgent ?? 'loyaltykit-webhooks/1',
  }
}
