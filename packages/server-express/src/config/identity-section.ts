import { LOCAL_TOKEN_AUDIENCE, LOCAL_TOKEN_ISSUER, PRIVY_API_URL } from '@loyaltykit/engine'
import { type IdentitySigningJwk, parseIdentitySigningJwk } from '../identity/identity-signing-key'
import { defineSection } from './define-section'
import { envValue } from './env-value'

/** Where access tokens' keys come from (see createAccessTokenVerifier). */
export type AccessTokenSource = { kind: 'local' } | { kind: 'pem'; pem: string } | { kind: 'jwks'; url: string }

/** Identity settings of a server (docs/identity.md, docs/configuration.md#identity). */
export type IdentityConfig = {
  provider: 'local' | 'privy'
  privy: { appId: string; appSecret: string; apiUrl: string } | undefined
  tokens: { source: AccessTokenSource; issuer: string; audience: string }
  /** `POST /auth/dev-login`: never in production; only with the local provider and local tokens. */
  devLogin: boolean
  /** Private ES256 JWK of the local issuer; undefined = a key file in the data folder. */
  signingKey: IdentitySigningJwk | undefined
}

const PEM = /^-----BEGIN PUBLIC KEY-----[\s\S]+-----END PUBLIC KEY-----$/
const PRIVY_CREDENTIALS = ['LOYALTYKIT_PRIVY_APP_ID', 'LOYALTYKIT_PRIVY_APP_SECRET'] as const

export const identitySection = defineSection({
  title: 'Identity',
  summary:
    'Who users are: the local provider or Privy, and how access tokens are verified ([identity.md](identity.md)).',
  variables: {
    LOYALTYKIT_IDENTITY_PROVIDER: envValue
      .oneOf(['local', 'privy'], { default: 'local' })
      .describe('`privy` needs `LOYALTYKIT_PRIVY_APP_ID` and `LOYALTYKIT_PRIVY_APP_SECRET`.'),
    LOYALTYKIT_PRIVY_APP_ID: envValue
      .string({ unset: 'required with `privy`' })
      .describe('Privy app id (only with `LOYALTYKIT_IDENTITY_PROVIDER=privy`).'),
    LOYALTYKIT_PRIVY_APP_SECRET: envValue
      .secret(envValue.string({ unset: 'required with `privy`' }))
      .describe('Privy app secret (only with `LOYALTYKIT_IDENTITY_PROVIDER=privy`).'),
    LOYALTYKIT_PRIVY_API_URL: envValue
      .url({ protocols: ['http', 'https'], default: PRIVY_API_URL })
      .describe('Base URL of Privy’s REST API (only with `LOYALTYKIT_IDENTITY_PROVIDER=privy`).'),
    LOYALTYKIT_AUTH_PUBLIC_KEY: envValue
      .custom({
        type: 'PEM public key',
        message: 'must be a PEM public key (-----BEGIN PUBLIC KEY----- …)',
        parse: (t) => {
          const pem = t.replace(/\\n/g, '\n').trim()
          return PEM.test(pem) ? pem : undefined
        },
        unset: 'the local signing key, or Privy’s JWKS with `privy`',
      })
      .describe(
        'PEM public key that verifies access tokens (`\\n` escapes allowed). Not with `LOYALTYKIT_AUTH_JWKS_URL`.',
      ),
    LOYALTYKIT_AUTH_JWKS_URL: envValue
      .url({ protocols: ['http', 'https'], unset: 'the local signing key, or Privy’s JWKS with `privy`' })
      .describe('JWKS URL that verifies access tokens. Not with `LOYALTYKIT_AUTH_PUBLIC_KEY`.'),
    LOYALTYKIT_AUTH_ISSUER: envValue
      .string({ unset: `\`${LOCAL_TOKEN_ISSUER}\`, or \`privy.io\` with \`privy\`` })
      .describe('Expected `iss` of access tokens.'),
    LOYALTYKIT_AUTH_AUDIENCE: envValue
      .string({ unset: `\`${LOCAL_TOKEN_AUDIENCE}\`, or the Privy app id with \`privy\`` })
      .describe('Expected `aud` of access tokens.'),
    LOYALTYKIT_DEV_LOGIN: envValue
      .boolean({ unset: '`true` with the local provider and local tokens, never in production' })
      .describe('`POST /auth/dev-login` (development only: it logs anyone in as anyone).'),
    LOYALTYKIT_IDENTITY_SIGNING_KEY: envValue
      .secret(
        envValue.custom({
          type: 'JWK (JSON)',
          message: 'must be a private EC P-256 (ES256) JWK in JSON',
          parse: parseIdentitySigningJwk,
          unset: 'a key file generated in the data folder',
        }),
      )
      .describe('Private ES256 JWK of the local token issuer; set the same value on every server process.'),
  },
  read(v, deps: { production: boolean }, report): IdentityConfig {
    const provider = v.LOYALTYKIT_IDENTITY_PROVIDER
    let privy: IdentityConfig['privy']
    if (provider === 'privy') {
      for (const name of PRIVY_CREDENTIALS) {
        if (v[name] === undefined) report(name, 'is required with LOYALTYKIT_IDENTITY_PROVIDER=privy')
      }
      privy = {
        appId: v.LOYALTYKIT_PRIVY_APP_ID ?? '',
        appSecret: v.LOYALTYKIT_PRIVY_APP_SECRET ?? '',
        apiUrl: v.LOYALTYKIT_PRIVY_API_URL,
      }
    } else {
      const stray = PRIVY_CREDENTIALS.find((name) => v[name] !== undefined)
      if (stray) report(stray, 'is set but LOYALTYKIT_IDENTITY_PROVIDER is not privy (set it to privy, or unset this)')
    }
    if (v.LOYALTYKIT_AUTH_PUBLIC_KEY && v.LOYALTYKIT_AUTH_JWKS_URL) {
      report('LOYALTYKIT_AUTH_JWKS_URL', 'contradicts LOYALTYKIT_AUTH_PUBLIC_KEY: set one way to verify access tokens')
    }
    let source: AccessTokenSource
    if (v.LOYALTYKIT_AUTH_PUBLIC_KEY) source = { kind: 'pem', pem: v.LOYALTYKIT_AUTH_PUBLIC_KEY }
    else if (v.LOYALTYKIT_AUTH_JWKS_URL) source = { kind: 'jwks', url: v.LOYALTYKIT_AUTH_JWKS_URL }
    else if (privy)
      source = { kind: 'jwks', url: `${privy.apiUrl}/api/v1/apps/${encodeURIComponent(privy.appId)}/jwks.json` }
    else source = { kind: 'local' }
    const localTokens = provider === 'local' && source.kind === 'local'
    if (v.LOYALTYKIT_DEV_LOGIN === true && deps.production) {
      report('LOYALTYKIT_DEV_LOGIN', 'cannot be true in production (it logs anyone in as anyone)')
    } else if (v.LOYALTYKIT_DEV_LOGIN === true && !localTokens) {
      report(
        'LOYALTYKIT_DEV_LOGIN',
        'needs the local provider and local tokens (no Privy, AUTH_PUBLIC_KEY or AUTH_JWKS_URL)',
      )
    }
    return {
      provider,
      privy,
      tokens: {
        source,
        issuer: v.LOYALTYKIT_AUTH_ISSUER ?? (privy ? 'privy.io' : LOCAL_TOKEN_ISSUER),
        audience: v.LOYALTYKIT_AUTH_AUDIENCE ?? privy?.appId ?? LOCAL_TOKEN_AUDIENCE,
      },
      devLogin: !deps.production && localTokens && (v.LOYALTYKIT_DEV_LOGIN ?? true),
      signingKey: v.LOYALTYKIT_IDENTITY_SIGNING_KEY,
    }
  },
})
