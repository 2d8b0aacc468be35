/** How the engine asks external constraint APIs (docs/identity.md, "Purchase constraints"). */
export type ConstraintCheckOptions = {
  /** How long an answer is cached per (api_url, user, collection); default 60000 ms (the spec's 60 s). */
  cacheTtlMs: number
  /** Whole-request timeout of one check; default 3000 ms. */
  timeoutMs: number
  /** Largest response body read; default 16384 bytes. */
  maxResponseBytes: number
  /** Allow URLs that resolve to loopback, private, link-local or other reserved addresses; default false. */
  allowPrivateAddresses: boolean
  /**
   * DNS servers (`IP[:port]`) the private-address guard resolves the API's host with; absent or
   * empty: the system's resolver. The server passes `LOYALTYKIT_DNS_SERVERS`.
   */
  dnsServers?: readonly string[]
}

export const DEFAULT_CONSTRAINT_CHECK_OPTIONS: ConstraintCheckOptions = {
  cacheTtlMs: 60_000,
  timeoutMs: 3_000,
  maxResponseBytes: 16_384,
  allowPrivateAddresses: false,
}
