export type LoyaltyApiErrorInit = {
  /** HTTP status; undefined when no response arrived (connection error, timeout). */
  status?: number | undefined
  /** Machine-readable code from the body (`code`, `error.code`), when the server sent one. */
  code?: string | undefined
  details?: unknown
  /** The server's `X-Request-Id`. */
  requestId?: string | undefined
  /** Response headers, names lowercased. */
  headers?: Record<string, string> | undefined
  /** The parsed JSON body, or the text when it was not JSON. */
  body?: unknown
  /** The body exactly as received. */
  rawBody?: string | undefined
  cause?: unknown
}

/**
 * Base class of every error the client throws for a request: HTTP errors rebuilt from the wire (see
 * `generateApiError`) and `ConnectionError` / `TimeoutError` (no `status`).
 */
export class LoyaltyApiError extends Error {
  override name = 'LoyaltyApiError'
  readonly status: number | undefined
  readonly code: string | undefined
  readonly details: unknown
  readonly requestId: string | undefined
  readonly headers: Record<string, string>
  readonly body: unknown
  readonly rawBody: string | undefined
  /** Marker so errors are recognised by shape across two copies of the package. */
  readonly isLoyaltyApiError = true as const

  constructor(message: string, init: LoyaltyApiErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause })
    this.status = init.status
    this.code = init.code
    this.details = init.details
    this.requestId = init.requestId
    this.headers = init.headers ?? {}
    this.body = init.body
    this.rawBody = init.rawBody
  }
}

/** Recognise an SDK request error by shape, not only by `instanceof` (which fails with two copies of the package). */
export function isLoyaltyApiError(e: unknown): e is LoyaltyApiError {
  return (
    typeof e === 'object' &&
    e !== null &&
    (e as { isLoyaltyApiError?: unknown }).isLoyaltyApiError === true &&
    typeof (e as { message?: unknown }).message === 'string'
  )
}
