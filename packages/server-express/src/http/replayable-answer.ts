/**
 * Codes of 400/404 answers given before any endpoint ran: the body parser, request validation (the
 * operation's schema refuses the input before it reads or writes anything), an unknown route.
 */
const NOT_RUN_CODES: ReadonlySet<string> = new Set([
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'UNSUPPORTED_ENCODING',
  'BAD_REQUEST',
  'ROUTE_NOT_FOUND',
])

/**
 * Whether an answer is stored for its `Idempotency-Key` and replayed (docs/idempotency.md), as Stripe
 * does: every answer of a request whose endpoint ran, success or failure (4xx of the operation, 500,
 * 502). Not stored, so a retry with the same key is judged afresh: 401 (the caller is not
 * authenticated), 429 and 503 (they ask the client to come back later; a stored one would answer the
 * retry the same for 24 h), and the codes of `NOT_RUN_CODES` when answered 400 or 404.
 */
export function isReplayableAnswer(status: number, errorCode: string | undefined): boolean {
  if (status === 401 || status === 429 || status === 503) return false
  if ((status === 400 || status === 404) && errorCode !== undefined && NOT_RUN_CODES.has(errorCode)) return false
  return true
}
