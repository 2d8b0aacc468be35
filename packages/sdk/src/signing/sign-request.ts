import { toHex } from '../crypto/encoding'
import { hmacSha256, sha256Hex } from '../crypto/hmac'

export type CanonicalRequestParameters = {
  /** Unix seconds. */
  timestamp: number | string
  /** HTTP method; upper-cased. */
  method: string
  /** Path plus query exactly as sent (`/redeem-perk?tokenId=1`); a full URL is reduced to its path and query. */
  path: string
  /** The raw body bytes as sent (a string is taken as UTF-8); absent or empty hashes the empty string. */
  body?: string | Uint8Array | undefined
}

export type SignRequestParameters = Omit<CanonicalRequestParameters, 'timestamp'> & {
  /** Brand security key (perk charges) or agent secret; a string is used as its UTF-8 bytes. */
  secret: string | Uint8Array
  /** Unix seconds; defaults to now. */
  timestamp?: number | string | undefined
}

export type SignedRequest = {
  /** Unix seconds, as sent in `X-LOYALTY-Timestamp`. */
  timestamp: string
  /** Lowercase hex HMAC-SHA256(secret, canonical), as sent in `X-LOYALTY-Signature`. */
  signature: string
  canonical: string
}

function pathWithQuery(path: string): string {
  if (!/^https?:\/\//i.test(path)) return path
  const url = new URL(path)
  return url.pathname + url.search
}

/**
 * The signed string (DESIGN.md, "Decisions"):
 * `timestamp + "\n" + METHOD + "\n" + path-with-query + "\n" + hex(sha256(raw body))`.
 */
export async function canonicalRequest(p: CanonicalRequestParameters): Promise<string> {
  const bodyHash = await sha256Hex(p.body ?? '')
  return `${p.timestamp}\n${p.method.toUpperCase()}\n${pathWithQuery(p.path)}\n${bodyHash}`
}

/**
 * Signs a request the way the agent API and the perk-charge endpoints verify it. The server can test
 * its verifier against this function. Uses Web Crypto only.
 */
export async function signRequest(p: SignRequestParameters): Promise<SignedRequest> {
  const timestamp = String(p.timestamp ?? Math.floor(Date.now() / 1000))
  const canonical = await canonicalRequest({ timestamp, method: p.method, path: p.path, body: p.body })
  const signature = toHex(await hmacSha256(p.secret, canonical))
  return { timestamp, signature, canonical }
}
