import { generateKeyPairSync } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { isLoyaltyError } from '../errors/loyalty-error'
import { createAccessTokenVerifier } from './access-token-verifier'
import { generateIdentitySigningKey } from './generate-identity-signing-key'
import { createLocalTokenIssuer } from './local-token-issuer'

const ISSUER = 'https://issuer.test'
const AUDIENCE = 'app-123'
const now = () => Math.floor(Date.now() / 1000)
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url')

async function refusal(p: Promise<unknown>): Promise<{ code: string; category: string; reason: unknown }> {
  try {
    await p
  } catch (e) {
    if (!isLoyaltyError(e)) throw e
    return { code: e.code, category: e.category, reason: (e.details as { reason?: unknown }).reason }
  }
  throw new Error('expected the token to be refused')
}

describe('createAccessTokenVerifier with the local issuer key', async () => {
  const privateJwk = await generateIdentitySigningKey()
  const issuer = await createLocalTokenIssuer({ privateJwk, issuer: ISSUER, audience: AUDIENCE })
  const verifier = createAccessTokenVerifier({
    keys: { kind: 'jwk', jwk: issuer.publicJwk },
    issuer: ISSUER,
    audience: AUDIENCE,
  })

  it('accepts a valid token and answers its claims', async () => {
    const { token, expiresAt } = await issuer.issue({
      subject: 'did:loyaltykit:ann',
      claims: { email: 'ann@example.com' },
    })
    const claims = await verifier.verify(token)
    expect(claims).toMatchObject({
      sub: 'did:loyaltykit:ann',
      iss: ISSUER,
      aud: AUDIENCE,
      exp: expiresAt,
      email: 'ann@example.com',
    })
  })

  it('refuses an expired token', async () => {
    const old = await createLocalTokenIssuer({
      privateJwk,
      issuer: ISSUER,
      audience: AUDIENCE,
      ttlSeconds: 60,
      now: () => now() - 3600,
    })
    const { token } = await old.issue({ subject: 'did:loyaltykit:ann' })
    expect(await refusal(verifier.verify(token))).toEqual({
      code: 'UNAUTHORIZED',
      category: 'authentication',
      reason: 'expired',
    })
  })

  it('refuses a token that is not valid yet (nbf)', async () => {
    const future = await createLocalTokenIssuer({
      privateJwk,
      issuer: ISSUER,
      audience: AUDIENCE,
      now: () => now() + 600,
    })
    const { token } = await future.issue({ subject: 'did:loyaltykit:ann' })
    expect((await refusal(verifier.verify(token))).reason).toBe('invalid_nbf')
  })

  it('refuses the wrong audience and the wrong issuer', async () => {
    const otherAud = await createLocalTokenIssuer({ privateJwk, issuer: ISSUER, audience: 'someone-else' })
    expect((await refusal(verifier.verify((await otherAud.issue({ subject: 'x' })).token))).reason).toBe('invalid_aud')
    const otherIss = await createLocalTokenIssuer({ privateJwk, issuer: 'https://evil.test', audience: AUDIENCE })
    expect((await refusal(verifier.verify((await otherIss.issue({ subject: 'x' })).token))).reason).toBe('invalid_iss')
  })

  it('refuses a token signed by another key', async () => {
    const stranger = await createLocalTokenIssuer({
      privateJwk: await generateIdentitySigningKey(),
      issuer: ISSUER,
      audience: AUDIENCE,
    })
    const { token } = await stranger.issue({ subject: 'did:loyaltykit:ann' })
    expect(await refusal(verifier.verify(token))).toMatchObject({ code: 'UNAUTHORIZED', reason: 'invalid_signature' })
  })

  it('refuses alg none', async () => {
    const claims = { iss: ISSUER, aud: AUDIENCE, sub: 'did:loyaltykit:ann', iat: now(), exp: now() + 600 }
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`
    const r = await refusal(verifier.verify(token))
    expect(r.code).toBe('UNAUTHORIZED')
    expect(['algorithm_not_allowed', 'malformed']).toContain(r.reason)
  })

  it('refuses HS256 signed with the public key as secret (algorithm confusion)', async () => {
    const secret = new TextEncoder().encode(JSON.stringify(issuer.publicJwk))
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('did:loyaltykit:ann')
      .setExpirationTime('10m')
      .sign(secret)
    expect((await refusal(verifier.verify(token))).code).toBe('UNAUTHORIZED')
  })

  it('refuses a tampered payload (signature of the original), even with the original verified before', async () => {
    const { token } = await issuer.issue({ subject: 'did:loyaltykit:ann' })
    await verifier.verify(token)
    const [header, payload, signature] = token.split('.')
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString())
    const forged = `${header}.${b64({ ...claims, sub: 'did:loyaltykit:mallory' })}.${signature}`
    expect(await refusal(verifier.verify(forged))).toMatchObject({ code: 'UNAUTHORIZED', reason: 'invalid_signature' })
  })

  it('answers a verified token from memory, never past its exp', async () => {
    const short = await createLocalTokenIssuer({ privateJwk, issuer: ISSUER, audience: AUDIENCE, ttlSeconds: 30 })
    const { token } = await short.issue({ subject: 'did:loyaltykit:ann' })
    expect((await verifier.verify(token)).sub).toBe('did:loyaltykit:ann')
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 20_000)
      expect((await verifier.verify(token)).sub).toBe('did:loyaltykit:ann')
      // Past exp (and the 5 s tolerance): refused although it verified moments ago.
      vi.setSystemTime(Date.now() + 20_000)
      expect(await refusal(verifier.verify(token))).toMatchObject({ code: 'UNAUTHORIZED', reason: 'expired' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('refuses garbage and empty tokens', async () => {
    expect((await refusal(verifier.verify('not.a.jwt'))).code).toBe('UNAUTHORIZED')
    expect((await refusal(verifier.verify(''))).reason).toBe('missing')
  })
})

describe('createAccessTokenVerifier with a PEM public key', () => {
  it('verifies RS256 tokens of the matching key and refuses ES256 ones', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const verifier = createAccessTokenVerifier({
      keys: { kind: 'pem', pem: publicKey.export({ type: 'spki', format: 'pem' }).toString() },
      issuer: ISSUER,
      audience: AUDIENCE,
    })
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('did:privy:abc')
      .setExpirationTime('5m')
      .sign(privateKey)
    expect((await verifier.verify(token)).sub).toBe('did:privy:abc')
    const es = await createLocalTokenIssuer({
      privateJwk: await generateIdentitySigningKey(),
      issuer: ISSUER,
      audience: AUDIENCE,
    })
    expect((await refusal(verifier.verify((await es.issue({ subject: 'x' })).token))).code).toBe('UNAUTHORIZED')
  })

  it('verifies ES256 tokens of an EC P-256 PEM key', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const verifier = createAccessTokenVerifier({
      keys: { kind: 'pem', pem: publicKey.export({ type: 'spki', format: 'pem' }).toString() },
      issuer: 'privy.io',
      audience: AUDIENCE,
    })
    const token = await new SignJWT({ sid: 's1' })
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
      .setIssuer('privy.io')
      .setAudience(AUDIENCE)
      .setSubject('did:privy:abc')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey)
    expect((await verifier.verify(token)).sub).toBe('did:privy:abc')
  })

  it('refuses a PEM that is not a public key', () => {
    expect(() =>
      createAccessTokenVerifier({ keys: { kind: 'pem', pem: 'nope' }, issuer: ISSUER, audience: AUDIENCE }),
    ).toThrow(/PEM public key/)
  })
})

describe('createAccessTokenVerifier with a JWKS URL', () => {
  let server: Server
  let url: string
  const jwks: { keys: JWK[] } = { keys: [] }
  let fetches = 0
  const keys: Array<{ kid: string; privateKey: CryptoKey }> = []

  beforeAll(async () => {
    for (const kid of ['k1', 'k2']) {
      const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true })
      keys.push({ kid, privateKey })
      jwks.keys.push({ ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' })
    }
    server = createServer((_req, res) => {
      fetches++
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(jwks))
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((r) => server.close(r))
  })

  const sign = (kid: string, key: CryptoKey, sub = 'did:privy:abc') =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid })
      .setIssuer('privy.io')
      .setAudience(AUDIENCE)
      .setSubject(sub)
      .setExpirationTime('10m')
      .sign(key)

  it('picks the key by kid, fetches the set once, refuses unknown keys', async () => {
    const verifier = createAccessTokenVerifier({ keys: { kind: 'jwks', url }, issuer: 'privy.io', audience: AUDIENCE })
    const [k1, k2] = keys as [(typeof keys)[0], (typeof keys)[0]]
    expect((await verifier.verify(await sign('k1', k1.privateKey, 'did:privy:one'))).sub).toBe('did:privy:one')
    expect((await verifier.verify(await sign('k2', k2.privateKey, 'did:privy:two'))).sub).toBe('did:privy:two')
    expect(fetches).toBe(1)
    const { privateKey } = await generateKeyPair('ES256')
    expect((await refusal(verifier.verify(await sign('k3', privateKey)))).code).toBe('UNAUTHORIZED')
    expect((await refusal(verifier.verify(await sign('k1', privateKey)))).reason).toBe('invalid_signature')
  })

  it('answers 503-class UnavailableError when the JWKS cannot be fetched', async () => {
    const verifier = createAccessTokenVerifier({
      keys: { kind: 'jwks', url: 'http://127.0.0.1:1/jwks.json', timeoutMs: 1000 },
      issuer: 'privy.io',
      audience: AUDIENCE,
    })
    const token = await sign('k1', (keys[0] as (typeof keys)[0]).privateKey)
    expect(await refusal(verifier.verify(token))).toMatchObject({ code: 'JWKS_UNAVAILABLE', category: 'unavailable' })
  })
})
