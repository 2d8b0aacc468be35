import { createHash } from 'node:crypto'

/** What a signed request's canonical string is made of. */
export type CanonicalRequestParts = {
  /** `X-LOYALTY-Timestamp` (Unix seconds), as sent. */
  timestamp: string
  method: string
  /** Path plus query exactly as received (`/redeem-perk?x=1`). */
  pathWithQuery: string
  /** The raw body bytes as received; empty or absent hashes the empty string. */
  rawBody: Uint8Array | string | undefined
}

/**
 * The signed string of HMAC-signed requests (perk charges, the agent API; DESIGN.md "Decisions", the
 * SDK's `canonicalRequest`): `timestamp + "\n" + METHOD + "\n" + path-with-query + "\n" + hex(sha256(raw body))`.
 */
export function canonicalRequest(p: CanonicalRequestParts): string {
  const bodyHash = createHash('sha256')
    .update(p.rawBody ?? '')
    .digest('hex')
  return `${p.timestamp}\n${p.method.toUpperCase()}\n${p.pathWithQuery}\n${bodyHash}`
}
