import { generateIdentitySigningKey } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './load-config'

const PROD = { NODE_ENV: 'production', LOYALTYKIT_MASTER_KEY: 'ab'.repeat(32) }
const PEM = '-----BEGIN PUBLIC KEY-----\\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\\n-----END PUBLIC KEY-----'
const identity = (env: Record<string, string>) => loadConfig(env).identity

describe('identity section', () => {
  it('defaults: local provider, local tokens, development login outside production', () => {
    expect(identity({})).toEqual({
      provider: 'local',
      privy: undefined,
      tokens: { source: { kind: 'local' }, issuer: 'loyaltykit', audience: 'loyaltykit' },
      devLogin: true,
      signingKey: undefined,
    })
    expect(identity(PROD).devLogin).toBe(false)
    expect(identity({ LOYALTYKIT_DEV_LOGIN: 'false' }).devLogin).toBe(false)
  })

  it('privy: its JWKS, issuer and audience unless configured', () => {
    expect(
      identity({
        LOYALTYKIT_IDENTITY_PROVIDER: 'privy',
        LOYALTYKIT_PRIVY_APP_ID: 'app 1',
        LOYALTYKIT_PRIVY_APP_SECRET: 'shh',
        LOYALTYKIT_PRIVY_API_URL: 'https://privy.test/',
      }),
    ).toEqual({
      provider: 'privy',
      privy: { appId: 'app 1', appSecret: 'shh', apiUrl: 'https://privy.test' },
      tokens: {
        source: { kind: 'jwks', url: 'https://privy.test/api/v1/apps/app%201/jwks.json' },
        issuer: 'privy.io',
        audience: 'app 1',
      },
      devLogin: false,
      signingKey: undefined,
    })
  })

  it('a PEM key (with \\n escapes) or a JWKS URL; a signing key JWK', async () => {
    const jwk = await generateIdentitySigningKey()
    const c = identity({ LOYALTYKIT_AUTH_PUBLIC_KEY: PEM, LOYALTYKIT_IDENTITY_SIGNING_KEY: JSON.stringify(jwk) })
    expect(c.tokens.source).toEqual({ kind: 'pem', pem: PEM.replace(/\\n/g, '\n') })
    expect(c.devLogin).toBe(false)
    expect(c.signingKey).toEqual(jwk)
    expect(identity({ LOYALTYKIT_AUTH_JWKS_URL: 'https://idp.example/jwks' }).tokens.source).toEqual({
      kind: 'jwks',
      url: 'https://idp.example/jwks',
    })
  })

  it('refuses bad values without echoing secrets', () => {
    let message = ''
    try {
      identity({
        LOYALTYKIT_IDENTITY_PROVIDER: 'auth0',
        LOYALTYKIT_AUTH_PUBLIC_KEY: 'not a pem',
        LOYALTYKIT_IDENTITY_SIGNING_KEY: '{"kty":"RSA","d":"topsecret"}',
      })
    } catch (e) {
      message = (e as Error).message
    }
    expect(message).toContain('LOYALTYKIT_IDENTITY_PROVIDER must be one of local, privy (got "auth0")')
    expect(message).toContain('LOYALTYKIT_AUTH_PUBLIC_KEY must be a PEM public key')
    expect(message).toContain('LOYALTYKIT_IDENTITY_SIGNING_KEY must be a private EC P-256 (ES256) JWK in JSON')
    expect(message).not.toContain('topsecret')
  })

  it('refuses settings that do not fit together', () => {
    expect(() => identity({ LOYALTYKIT_IDENTITY_PROVIDER: 'privy', LOYALTYKIT_PRIVY_APP_ID: 'a' })).toThrow(
      'invalid configuration: LOYALTYKIT_PRIVY_APP_SECRET is required with LOYALTYKIT_IDENTITY_PROVIDER=privy',
    )
    expect(() => identity({ LOYALTYKIT_PRIVY_APP_ID: 'a' })).toThrow(
      'LOYALTYKIT_PRIVY_APP_ID is set but LOYALTYKIT_IDENTITY_PROVIDER is not privy',
    )
    expect(() =>
      identity({ LOYALTYKIT_AUTH_PUBLIC_KEY: PEM, LOYALTYKIT_AUTH_JWKS_URL: 'https://idp.example/jwks' }),
    ).toThrow('LOYALTYKIT_AUTH_JWKS_URL contradicts LOYALTYKIT_AUTH_PUBLIC_KEY')
    expect(() => identity({ ...PROD, LOYALTYKIT_DEV_LOGIN: 'true' })).toThrow(
      'LOYALTYKIT_DEV_LOGIN cannot be true in production',
    )
    expect(() =>
      identity({ LOYALTYKIT_AUTH_JWKS_URL: 'https://idp.example/jwks', LOYALTYKIT_DEV_LOGIN: 'yes' }),
    ).toThrow('LOYALTYKIT_DEV_LOGIN needs the local provider and local tokens')
  })
})
