import { createPublicKey, type KeyObject } from 'node:crypto'
import {
  createRemoteJWKSet,
  importJWK,
  type CryptoKey as JoseCryptoKey,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose'
import { ConfigError, UnavailableError } from '../errors/common-errors'
import { AuthenticationError } from './identity-errors'

/** Where the public keys that sign access tokens come from. */
export type AccessTokenKeySource =
  /** One public JWK (the local issuer's ES256 key). */
  | { kind: 'jwk'; jwk: JWK }
  /** One PEM public key (SPKI): EC P-256 → ES256, RSA → RS256 (e.g. Privy's verification key). */
  | { kind: 'pem'; pem: string }
  /** A JWKS URL, fetched and cached (keys picked by `kid`), e.g. `https://auth.privy.io/api/v1/apps/<app id>/jwks.json`. */
  | { kind: 'jwks'; url: string; timeoutMs?: number }

export type AccessTokenVerifierOptions = {
  keys: AccessTokenKeySource
  /** Expected `iss`. */
  issuer: string
  /** Expected `aud` (one of). */
  audience: string | string[]
  /** Accepted clock skew for `exp` / `nbf`, in seconds. Default 5. */
  clockToleranceSeconds?: number
  /**
   * A token that verified is answered from memory for this long (never past its `exp`), so that a
   * client sending the same token many times is verified once a minute rather than on every call.
   * 0 turns the cache off. Default 60: a signing key withdrawn from a JWKS stops being honoured
   * within a minute.
   */
  cacheSeconds?: number
}

/** Verified tokens kept in memory at most (oldest first out). */
const CACHE_ENTRIES = 5_000

/** The verified claims of an access token; `sub` is the user id. */
export type AccessTokenClaims = JWTPayload & { sub: string; iss: string }

/**
 * Verifies bearer access tokens. A call checks the signature and `iss`, `aud`, `exp`, `nbf` (a token
 * verified in the last `cacheSeconds` is answered from memory, until its `exp` at the latest);
 * throws AuthenticationError (401) for any token that fails, UnavailableError (503) when the JWKS
 * cannot be fetched.
 */
export interface AccessTokenVerifier {
  verify(token: string): Promise<AccessTokenClaims>
}

/** Only asymmetric algorithms: `none` and HMAC algorithms never verify. */
const ALGORITHMS = ['ES256', 'RS256']

function pemKey(pem: string): { key: KeyObject; alg: 'ES256' | 'RS256' } {
  let key: KeyObject
  try {
    key = createPublicKey(pem)
  } catch (cause) {
    throw new ConfigError(`The access-token public key is not a PEM public key: ${(cause as Error).message}`)
  }
  if (key.asymmetricKeyType === 'rsa') return { key, alg: 'RS256' }
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') {
    return { key, alg: 'ES256' }
  }
  throw new ConfigError('The access-token public key must be an EC P-256 (ES256) or RSA (RS256) key')
}

/** jose's error codes → why a token was refused (never the token itself). */
function refusal(e: unknown): Error {
  const err = e as { code?: string; claim?: string; message?: string }
  switch (err.code) {
    case 'ERR_JWT_EXPIRED':
      return new AuthenticationError('Access token expired', 'expired', e)
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      return new AuthenticationError(
        `Access token refused: ${err.claim ?? 'claim'} check failed`,
        `invalid_${err.claim ?? 'claim'}`,
        e,
      )
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return new AuthenticationError('Access token signature is invalid', 'invalid_signature', e)
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
    case 'ERR_JOSE_NOT_SUPPORTED':
      return new AuthenticationError('Access token algorithm is not allowed', 'algorithm_not_allowed', e)
    case 'ERR_JWKS_NO_MATCHING_KEY':
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return new AuthenticationError('Access token was signed by an unknown key', 'unknown_key', e)
    case 'ERR_JWKS_TIMEOUT':
    case 'ERR_JWKS_INVALID':
      return new UnavailableError('Cannot fetch the access-token signing keys', 'JWKS_UNAVAILABLE', {}, e)
    case 'ERR_JWS_INVALID':
    case 'ERR_JWT_INVALID':
    case 'ERR_JWT_CLAIM_INVALID':
      return new AuthenticationError('Access token is malformed', 'malformed', e)
    default:
      if (e instanceof TypeError || (err.code === undefined && err.message?.includes('fetch'))) {
        return new UnavailableError('Cannot fetch the access-token signing keys', 'JWKS_UNAVAILABLE', {}, e)
      }
      return new AuthenticationError('Access token is invalid', 'invalid', e)
  }
}

/** An AccessTokenVerifier over a JWK, a PEM public key or a JWKS URL (jose). */
export function createAccessTokenVerifier(options: AccessTokenVerifierOptions): AccessTokenVerifier {
  const source = options.keys
  let resolveKey: () => Promise<KeyObject | JoseCryptoKey | JWTVerifyGetKey>
  let algorithms = ALGORITHMS
  if (source.kind === 'pem') {
    const { key, alg } = pemKey(source.pem)
    algorithms = [alg]
    resolveKey = async () => key
  } else if (source.kind === 'jwk') {
    const alg = source.jwk.alg ?? (source.jwk.kty === 'RSA' ? 'RS256' : 'ES256')
    if (!ALGORITHMS.includes(alg)) throw new ConfigError(`Access-token keys must be ES256 or RS256, not ${alg}`)
    algorithms = [alg]
    const imported = importJWK(source.jwk, alg) as Promise<JoseCryptoKey>
    resolveKey = () => imported
  } else {
    let url: URL
    try {
      url = new URL(source.url)
    } catch {
      throw new ConfigError(`The JWKS URL is not a URL: ${source.url}`)
    }
    const jwks = createRemoteJWKSet(url, { timeoutDuration: source.timeoutMs ?? 5000, cooldownDuration: 30_000 })
    resolveKey = async () => jwks
  }
  const tolerance = options.clockToleranceSeconds ?? 5
  const cacheMs = (options.cacheSeconds ?? 60) * 1000
  const verified = new Map<string, { claims: AccessTokenClaims; until: number }>()

  function remember(token: string, claims: AccessTokenClaims) {
    const now = Date.now()
    const until = Math.min(now + cacheMs, (claims.exp ?? 0) * 1000)
    if (until <= now) return
    if (verified.size >= CACHE_ENTRIES) verified.delete(verified.keys().next().value as string)
    verified.set(token, { claims, until })
  }

  return {
    async verify(token) {
      if (typeof token !== 'string' || token.length === 0 || token.length > 8192) {
        throw new AuthenticationError('Missing access token', 'missing')
      }
      const hit = verified.get(token)
      if (hit) {
        if (Date.now() < hit.until) return hit.claims
        verified.delete(token)
      }
      const key = await resolveKey()
      try {
        const { payload } = await jwtVerify(token, key as Parameters<typeof jwtVerify>[1], {
          issuer: options.issuer,
          audience: options.audience,
          algorithms,
          clockTolerance: tolerance,
          requiredClaims: ['sub', 'exp'],
        })
        if (typeof payload.sub !== 'string' || payload.sub.length === 0) {
          throw new AuthenticationError('Access token has no subject', 'invalid_sub')
        }
        if (cacheMs > 0) remember(token, payload as AccessTokenClaims)
        return payload as AccessTokenClaims
      } catch (e) {
        if (e instanceof AuthenticationError) throw e
        throw refusal(e)
      }
    },
  }
}
