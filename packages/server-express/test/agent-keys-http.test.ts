import { describe, expect, it } from 'vitest'
import { signatureHeaders } from '../../sdk/src/signing/signature-headers'
import type { AgentAnswer } from './helpers/agent-client'
import { useAgentServer } from './helpers/agent-fixture'
import { queryTestDatabase } from './helpers/query-test-database'
import { runCliHere } from './helpers/run-cli-here'
import { testDialects } from './helpers/test-databases'

// Agent keys and signing over HTTP (docs/agent-api.md#keys, #signing, #rate-limits): keys made by the
// CLI, 401 for every bad signature, rotation and revocation, secrets encrypted at rest, rate limits per
// IP and per key held in the database.
describe.each(testDialects)('agent API keys, signing and limits over HTTP on $dialect', (dialect) => {
  const f = useAgentServer(dialect)

  it('refuses missing, bad, stale, replayed and unknown signatures with 401 auth_required', async () => {
    const path = `/api/v1/users/${f.wallet}/brands/${f.shopId}/balance`
    const reason = (r: AgentAnswer) => r.body.error?.details?.reason
    const missing = await f.call('GET', path)
    expect(missing.status).toBe(401)
    expect(missing.body).toEqual({
      error: {
        message: 'This tool needs a signed request',
        code: 'auth_required',
        status: 401,
        details: expect.objectContaining({ reason: 'MISSING_SIGNATURE' }),
      },
    })
    const bad = await f.call('GET', path, { as: { ...f.agent, secret: `${f.agent.secret}x` } })
    expect([bad.status, reason(bad)]).toEqual([401, 'BAD_SIGNATURE'])
    const stale = await f.call('GET', path, { as: f.agent, timestamp: Math.floor(Date.now() / 1000) - 301 })
    expect([stale.status, reason(stale)]).toEqual([401, 'STALE_TIMESTAMP'])
    const future = await f.call('GET', path, { as: f.agent, timestamp: Math.floor(Date.now() / 1000) + 301 })
    expect([future.status, reason(future)]).toEqual([401, 'STALE_TIMESTAMP'])
    const unknown = await f.call('GET', path, { as: { ...f.agent, keyId: 'lak_000000000000000000000000' } })
    expect([unknown.status, reason(unknown)]).toEqual([401, 'UNKNOWN_AGENT_KEY'])
    const onlyKey = await f.call('GET', path, { headers: { 'x-loyalty-agent-key': f.agent.keyId } })
    expect([onlyKey.status, reason(onlyKey)]).toEqual([401, 'MISSING_SIGNATURE'])

    // A signature is accepted once (two identical requests signed in the same second need a nonce in
    // the query); it covers the path with its query: the same headers on another query are refused.
    const signed = await signatureHeaders(
      { type: 'agent', keyId: f.agent.keyId, secret: f.agent.secret },
      { method: 'GET', path: `${path}?nonce=1` },
    )
    const once = await f.call('GET', `${path}?nonce=1`, { headers: signed })
    expect(once.status).toBe(200)
    const replayed = await f.call('GET', `${path}?nonce=1`, { headers: signed })
    expect([replayed.status, reason(replayed)]).toEqual([401, 'REPLAYED_SIGNATURE'])
    const moved = await f.call('GET', `${path}?nonce=2`, { headers: signed })
    expect([moved.status, reason(moved)]).toEqual([401, 'BAD_SIGNATURE'])

    // A public tool verifies a signature when one is sent.
    const publicBad = await f.call('GET', '/api/v1/network/info', { as: { ...f.agent, secret: 'wrong' } })
    expect([publicBad.status, reason(publicBad)]).toEqual([401, 'BAD_SIGNATURE'])
  })

  it('keeps secrets encrypted at rest; a rotated key signs with its new secret only; a revoked key is refused', async () => {
    const key = await f.createKey('--tier', 'pro', '--brand', f.shopId)
    const rows = await queryTestDatabase<{ secret_ciphertext: string; tier: string; brand_scope: string }>(
      f.db,
      'select secret_ciphertext, tier, brand_scope from agent_keys where id = ?',
      [key.keyId],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]?.secret_ciphertext).not.toContain(key.secret)
    expect(rows[0]?.secret_ciphertext).not.toContain(key.secret.slice(4, 20))
    expect([rows[0]?.tier, JSON.parse(rows[0]?.brand_scope ?? 'null')]).toEqual(['pro', [f.shopId]])

    const path = `/api/v1/users/${f.wallet}/brands/${f.shopId}/balance`
    expect((await f.call('GET', path, { as: key })).status).toBe(200)
    const rotated = await runCliHere(['agent-key', 'rotate', '--id', key.keyId, '--json'], f.env)
    expect(rotated.code, rotated.stderr).toBe(0)
    const fresh = { keyId: key.keyId, secret: rotated.json().secret as string }
    expect(fresh.secret).not.toBe(key.secret)
    expect((await f.call('GET', path, { as: key })).status).toBe(401)
    expect((await f.call('GET', path, { as: fresh })).status).toBe(200)

    const listed = await runCliHere(['agent-key', 'list', '--json'], f.env)
    const entry = (listed.json() as Array<Record<string, unknown>>).find((k) => k.id === key.keyId)
    expect(entry).toMatchObject({ tier: 'pro', brandScope: [f.shopId], revokedAt: null })
    expect(entry?.lastUsedAt).toEqual(expect.any(Number))
    expect(listed.stdout).not.toContain(fresh.secret)
    expect(listed.stdout).not.toContain('ciphertext')

    expect((await runCliHere(['agent-key', 'revoke', '--id', key.keyId], f.env)).code).toBe(0)
    const refused = await f.call('GET', path, { as: fresh })
    expect([refused.status, refused.body.error.details.reason]).toEqual([401, 'UNKNOWN_AGENT_KEY'])
    expect((await runCliHere(['agent-key', 'revoke', '--id', key.keyId], f.env)).code).toBe(1)
    const after = await runCliHere(['agent-key', 'list', '--json'], f.env)
    expect((after.json() as Array<{ id: string }>).map((k) => k.id)).not.toContain(key.keyId)
  })

  it('limits public requests per IP and signed requests per key (its own rate), with 429 rate_limit and Retry-After', async () => {
    // Requests until the first 429; the window is a clock minute, so count only answers of the 429's window.
    async function untilLimited(send: (n: number) => Promise<AgentAnswer>) {
      const resets: string[] = []
      for (let i = 0; i < 12; i++) {
        const r = await send(i)
        if (r.status === 429)
          return { r, allowedInWindow: resets.filter((x) => x === r.headers.get('x-ratelimit-reset')).length }
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        resets.push(r.headers.get('x-ratelimit-reset') ?? '')
      }
      throw new Error('never limited')
    }
    const ip = '203.0.113.7'
    const byIp = await untilLimited(() => f.call('GET', '/api/v1/network/info', { ip }))
    expect(byIp.allowedInWindow).toBe(3)
    expect(byIp.r.body).toEqual({
      error: {
        message: 'Rate limit exceeded: 3 requests per minute per IP',
        code: 'rate_limit',
        status: 429,
        details: expect.objectContaining({ limit: 3 }),
      },
    })
    expect(Number(byIp.r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(Number(byIp.r.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect(byIp.r.headers.get('x-ratelimit-limit')).toBe('3')
    expect(byIp.r.headers.get('x-ratelimit-remaining')).toBe('0')
    // Another IP, and a signed request from the limited IP (counted per key), still pass.
    expect((await f.call('GET', '/api/v1/network/info')).status).toBe(200)
    const signedFromIp = await f.call('GET', '/api/v1/network/info', { ip, as: f.agent })
    expect(signedFromIp.status).toBe(200)
    expect(signedFromIp.headers.get('x-ratelimit-limit')).toBe('20')

    const slow = await f.createKey('--tier', 'free', '--rate', '2')
    const byKey = await untilLimited((n) =>
      f.call('GET', `/api/v1/users/${f.wallet}/brands/${f.shopId}/balance?nonce=${n}`, { as: slow }),
    )
    expect(byKey.allowedInWindow).toBe(2)
    expect(byKey.r.body.error).toMatchObject({
      code: 'rate_limit',
      status: 429,
      message: 'Rate limit exceeded: 2 requests per minute per agent key',
    })
    expect(byKey.r.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(byKey.r.headers.get('x-ratelimit-limit')).toBe('2')
  })

  it('refuses bad agent-key command lines with usage errors (exit 2) and unknown brands (exit 1)', async () => {
    const noTier = await runCliHere(['agent-key', 'create', '--name', 'x'], f.env)
    expect([noTier.code, noTier.stderr]).toEqual([2, expect.stringContaining('--tier is required')])
    const badTier = await runCliHere(['agent-key', 'create', '--name', 'x', '--tier', 'gold'], f.env)
    expect([badTier.code, badTier.stderr]).toEqual([
      2,
      expect.stringContaining('--tier must be one of free, pro, enterprise'),
    ])
    const badRate = await runCliHere(['agent-key', 'create', '--name', 'x', '--tier', 'free', '--rate', '0'], f.env)
    expect(badRate.code).toBe(1)
    const unknownBrand = await runCliHere(
      ['agent-key', 'create', '--name', 'x', '--tier', 'free', '--brand', `0x${'2'.repeat(40)}`],
      f.env,
    )
    expect([unknownBrand.code, unknownBrand.stderr]).toEqual([1, expect.stringContaining('not found')])
    const human = await runCliHere(
      ['agent-key', 'create', '--name', 'human', '--tier', 'enterprise', '--can-onboard'],
      f.env,
    )
    expect(human.code).toBe(0)
    expect(human.stdout).toMatch(/id: +lak_[0-9a-f]{24}/)
    expect(human.stdout).toMatch(/permissions: +canOnboard\n/)
    expect(human.stdout).toMatch(/^ {2}lks_[0-9a-f]{64}$/m)
  })
})
