import { calculateJwkThumbprint, importJWK, type JWK, SignJWT } from 'jose'
import { ConfigError } from '../errors/common-errors'

/** Default `iss` and `aud` of the local issuer's tokens. */
export const LOCAL_TOKEN_ISSUER = 'loyaltykit'
export const LOCAL_TOKEN_AUDIENCE = 'loyaltykit'

export type LocalTokenIssuerOptions = {
  /** Private ES256 JWK (P-256), e.g. from `generateIdentitySigningKey()`. */
  privateJwk: JWK
  issuer?: string
  audience?: string
  /** Token lifetime; default 3600 s. */
  ttlSeconds?: number
  /** Seconds since the epoch; default the system clock. */
  now?: () => number
}

/** Signs access tokens for the local identity provider (development login). */
export interface LocalTokenIssuer {
  readonly issuer: string
  readonly audience: string
  /** The public half, for the verifier (`{ kind: 'jwk', jwk: publicJwk }`). */
  readonly publicJwk: JWK
  issue(p: { subject: string; claims?: Record<string, unknown> }): Promise<{ token: string; expiresAt: number }>
}

/** An ES256 issuer over a private JWK; tokens carry `iss`, `aud`, `sub`, `iat`, `nbf`, `exp`, `jti` and a `kid` header. */
export async function createLocalTokenIssuer(options: LocalTokenIssuerOptions): Promise<LocalTokenIssuer> {
  const jwk = options.privateJwk
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.d !== 'string') {
    throw new ConfigError('The identity signing key must be a private EC P-256 JWK')
  }
  const privateKey = await importJWK(jwk, 'ES256')
  const publicJwk: JWK = { kty: 'EC', crv: 'P-256', x: jwk.x as string, y: jwk.y as string, alg: 'ES256', use: 'sig' }
  publicJwk.kid = jwk.kid ?? (await calculateJwkThumbprint(publicJwk))
  const issuer = options.issuer ?? LOCAL_TOKEN_ISSUER
  const audience = options.audience ?? LOCAL_TOKEN_AUDIENCE
  const ttl = options.ttlSeconds ?? 3600
  const now = options.now ?? (() => Math.floor(Date.now() / 1000))
  return {
    issuer,
    audience,
    publicJwk,
    async issue({ subject, claims = {} }) {
      const iat = now()
      const expiresAt = iat + ttl
      const token = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: publicJwk.kid as string })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(subject)
        .setIssuedAt(iat)
        .setNotBefore(iat)
        .setExpirationTime(expiresAt)
        .setJti(crypto.randomUUID())
        .sign(privateKey)
      return { token, expiresAt }
    },
  }
}
