import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createLocalTokenIssuer, generateIdentitySigningKey } from '@loyaltykit/engine'
import { beforeAll, describe, expect, it } from 'vitest'
import { IDENTITY_SIGNING_KEY_FILE } from '../src/identity/identity-signing-key'
import { SITE, useIdentityHttpWorld } from './helpers/identity-http-world'
import { startSecondApp } from './helpers/second-app'
import type { TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url')

describe.each(testDialects)('identity access tokens, CORS and production on $dialect', ({ create }) => {
  const w = useIdentityHttpWorld(create)
  const { call } = w
  let db: TestDatabase
  let s: TestServer
  beforeAll(async () => {
    ;({ db, s } = w)
    w.login = await (await w.call('POST', '/auth/dev-login', { body: { email: 'ann@example.com' } })).json()
  })

  it('refuses missing, expired, foreign, unsigned and tampered tokens with 401', async () => {
    const privateJwk = JSON.parse(await readFile(join(db.dataDir, IDENTITY_SIGNING_KEY_FILE), 'utf8'))
    const expired = await createLocalTokenIssuer({
      privateJwk,
      ttlSeconds: 60,
      now: () => Math.floor(Date.now() / 1000) - 3600,
    })
    const wrongAudience = await createLocalTokenIssuer({ privateJwk, audience: 'another-app' })
    const otherKey = await createLocalTokenIssuer({ privateJwk: await generateIdentitySigningKey() })
    const [header, payload, signature] = w.login.accessToken.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    const tokens: Array<[string, string | undefined, string]> = [
      ['missing', undefined, 'missing'],
      ['expired', (await expired.issue({ subject: w.login.userId })).token, 'expired'],
      ['wrong audience', (await wrongAudience.issue({ subject: w.login.userId })).token, 'invalid_aud'],
      ['other key', (await otherKey.issue({ subject: w.login.userId })).token, 'invalid_signature'],
      ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`, ''],
      ['tampered', `${header}.${b64({ ...claims, sub: 'did:loyaltykit:mallory' })}.${signature}`, 'invalid_signature'],
    ]
    for (const [what, t, reason] of tokens) {
      for (const [method, path] of [
        ['GET', '/wallet'],
        ['POST', '/wallet/sign-typed-data'],
      ] as const) {
        const res = await call(method, path, {
          ...(t === undefined ? {} : { token: t }),
          ...(method === 'POST' ? { body: {} } : {}),
        })
        expect(res.status, `${what} ${path}`).toBe(401)
        const body = await res.json()
        expect(body.code, what).toBe('UNAUTHORIZED')
        if (reason) expect(body.details.reason, what).toBe(reason)
      }
    }
    // A valid token of a user this server does not know.
    const ghost = await createLocalTokenIssuer({ privateJwk })
    const res = await call('GET', '/wallet', { token: (await ghost.issue({ subject: 'did:loyaltykit:ghost' })).token })
    expect(res.status).toBe(401)
  })

  it('lets a brand website call the wallet API cross-origin (never *)', async () => {
    const ok = await call('GET', '/wallet', { token: w.login.accessToken, headers: { origin: SITE } })
    expect(ok.headers.get('access-control-allow-origin')).toBe(SITE)
    const other = await call('GET', '/wallet', {
      token: w.login.accessToken,
      headers: { origin: 'https://evil.example' },
    })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await fetch(`${s.base}/wallet/sign-typed-data`, {
      method: 'OPTIONS',
      headers: {
        origin: SITE,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization')
  })

  it('refuses development w.login when NODE_ENV=production (tokens from the same key still verify)', async () => {
    const prod = await startSecondApp(db, s, { NODE_ENV: 'production' })
    try {
      const res = await fetch(`${prod.base}/auth/dev-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ann@example.com' }),
      })
      expect(res.status).toBe(403)
      expect(await res.json()).toMatchObject({ code: 'DEV_LOGIN_DISABLED' })
      const wallet = await fetch(`${prod.base}/wallet`, { headers: { authorization: `Bearer ${w.login.accessToken}` } })
      // This app has no chain: the token is accepted, the balance cannot be read.
      expect(wallet.status).toBe(503)
    } finally {
      await prod.close()
    }
  })
})
