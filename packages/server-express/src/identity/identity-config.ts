import { ConfigError, LOCAL_TOKEN_AUDIENCE, LOCAL_TOKEN_ISSUER, PRIVY_API_URL } from '@loyaltykit/engine'
import { z } from 'zod'
import { parseFeatureEnv } from './parse-feature-env'

/** Where access tokens' keys come from (see createAccessTokenVerifier). */
export type AccessTokenSource = { kind: 'local' } | { kind: 'pem'; pem: string } | { kind: 'jwks'; url: string }

/** Identity settings of a server (docs/identity.md, docs/configuration.md). */
export type IdentityConfig = {
  /** `LOYALTYKIT_IDENTITY_PROVIDER`: `local` (default) or `privy`. */
  provider: 'local' | 'privy'
  privy: { appId: string; appSecret: string; apiUrl: string } | undefined
  tokens: { source: AccessTokenSource; issuer: string; audience: string }
  /** `POST /auth/dev-login`: never when NODE_ENV=production; else `LOYALTYKIT_DEV_LOGIN` (default true) with local tokens. */
  devLogin: boolean
  /** `LOYALTYKIT_IDENTITY_SIGNING_KEY`: private ES256 JWK (JSON) of the local issuer; default a key file in the data folder. */
  signingKeyJson: string | undefined
}

export const IDENTITY_SECRET_ENV_NAMES: ReadonlySet<string> = new Set([
  'LOYALTYKIT_PRIVY_APP_SECRET',
  'LOYALTYKIT_IDENTITY_SIGNING_KEY',
])

const blankIsUnset = (v: unknown) => (v === '' ? undefined : v)
const opt = <T extends z.ZodType>(s: T) => z.preprocess(blankIsUnset, s.optional())
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes')
const httpsUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })

const schema = z.object({
  LOYALTYKIT_IDENTITY_PROVIDER: opt(z.enum(['local', 'privy'], { error: 'must be local or privy' })),
  LOYALTYKIT_PRIVY_APP_ID: opt(z.string().trim().min(1)),
  LOYALTYKIT_PRIVY_APP_SECRET: opt(z.string().trim().min(1)),
  LOYALTYKIT_PRIVY_API_URL: opt(httpsUrl),
  LOYALTYKIT_AUTH_JWKS_URL: opt(httpsUrl),
  LOYALTYKIT_AUTH_PUBLIC_KEY: opt(
    z
      .string()
      .transform((v) => v.replace(/\\n/g, '\n').trim())
      .refine((v) => /^-----BEGIN PUBLIC KEY-----[\s\S]+-----END PUBLIC KEY-----$/.test(v), {
        error: 'must be a PEM public key (-----BEGIN PUBLIC KEY----- …)',
      }),
  ),
  LOYALTYKIT_AUTH_ISSUER: opt(z.string().trim().min(1)),
  LOYALTYKIT_AUTH_AUDIENCE: opt(z.string().trim().min(1)),
  LOYALTYKIT_DEV_LOGIN: opt(flag),
  LOYALTYKIT_IDENTITY_SIGNING_KEY: opt(z.string().trim().startsWith('{', { error: 'must be a JSON JWK' })),
  NODE_ENV: opt(z.string()),
})

/**
 * Reads the identity variables. `privy` needs `LOYALTYKIT_PRIVY_APP_ID` and `_SECRET`; its tokens are
 * then verified against Privy's JWKS (`iss` privy.io, `aud` the app id) unless a PEM key or JWKS URL is
 * configured. The local provider's tokens are verified against the local signing key.
 */
export function loadIdentityConfig(env: Readonly<Record<string, string | undefined>>): IdentityConfig {
  const e = parseFeatureEnv(schema, env, IDENTITY_SECRET_ENV_NAMES)
  const provider = e.LOYALTYKIT_IDENTITY_PROVIDER ?? 'local'
  let privy: IdentityConfig['privy']
  if (provider === 'privy') {
    const missing = ['LOYALTYKIT_PRIVY_APP_ID', 'LOYALTYKIT_PRIVY_APP_SECRET'].filter(
      (name) => !e[name as 'LOYALTYKIT_PRIVY_APP_ID'],
    )
    if (missing.length > 0) {
      throw new ConfigError(
        `invalid configuration: ${missing.map((m) => `${m} is required with LOYALTYKIT_IDENTITY_PROVIDER=privy`).join('; ')}`,
        { variables: missing },
      )
    }
    privy = {
      appId: e.LOYALTYKIT_PRIVY_APP_ID as string,
      appSecret: e.LOYALTYKIT_PRIVY_APP_SECRET as string,
      apiUrl: (e.LOYALTYKIT_PRIVY_API_URL ?? PRIVY_API_URL).replace(/\/+$/, ''),
    }
  }
  let source: AccessTokenSource
  if (e.LOYALTYKIT_AUTH_PUBLIC_KEY) source = { kind: 'pem', pem: e.LOYALTYKIT_AUTH_PUBLIC_KEY }
  else if (e.LOYALTYKIT_AUTH_JWKS_URL) source = { kind: 'jwks', url: e.LOYALTYKIT_AUTH_JWKS_URL }
  else if (privy)
    source = { kind: 'jwks', url: `${privy.apiUrl}/api/v1/apps/${encodeURIComponent(privy.appId)}/jwks.json` }
  else source = { kind: 'local' }
  const issuer = e.LOYALTYKIT_AUTH_ISSUER ?? (privy ? 'privy.io' : LOCAL_TOKEN_ISSUER)
  const audience = e.LOYALTYKIT_AUTH_AUDIENCE ?? privy?.appId ?? LOCAL_TOKEN_AUDIENCE
  const production = e.NODE_ENV === 'production'
  return {
    provider,
    privy,
    tokens: { source, issuer, audience },
    devLogin: !production && provider === 'local' && source.kind === 'local' && (e.LOYALTYKIT_DEV_LOGIN ?? true),
    signingKeyJson: e.LOYALTYKIT_IDENTITY_SIGNING_KEY,
  }
}
