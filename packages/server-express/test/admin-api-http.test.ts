import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCliHere } from './helpers/run-cli-here'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

type Answer = { status: number; headers: Headers; body: Record<string, unknown> & { error?: Record<string, unknown> } }

// The admin API's skeleton over real HTTP (docs/admin-api.md): operator keys made by the CLI, brand
// keys with admin scopes, who sees which brand (another brand's is a 404), revoked and unscoped keys,
// the list's limit and cursor, and the error shape of every refusal.
describe.each(testDialects)('admin API auth and brands over HTTP on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let env: Record<string, string | undefined>
  let operator: { id: string; secret: string }
  const brands: { id: string; readKey: string; writeKey: string; eventsKey: string }[] = []

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db)
    env = { LOYALTYKIT_DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl, NODE_ENV: 'test' }
    const made = await runCliHere(['operator-key', 'create', '--name', 'ops team', '--json'], env)
    expect(made.code, made.stderr).toBe(0)
    operator = made.json() as { id: string; secret: string }
    const engine = s.runtime.engine
    for (const name of ['Shop A', 'Shop B', 'Shop C']) {
      const { brand, keys } = await engine.brands.create({ name, websites: [] })
      const read = await engine.apiKeys.create({ brandId: brand.id, scopes: ['admin:read'] })
      const write = await engine.apiKeys.create({ brandId: brand.id, scopes: ['admin:write'] })
      brands.push({ id: brand.id, readKey: read.apiKey, writeKey: write.apiKey, eventsKey: keys.apiKey })
    }
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  const call = async (method: string, path: string, key?: string): Promise<Answer> => {
    const res = await fetch(`${s.base}${path}`, {
      method,
      headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
    })
    return { status: res.status, headers: res.headers, body: (await res.json()) as Answer['body'] }
  }
  const refusal = (a: Answer) => [a.status, a.body.error?.code, a.body.error?.status]

  it('prints the operator key once; lists it without its secret; its hash only is stored', async () => {
    expect(operator.secret).toMatch(/^lko_[A-Za-z0-9_-]{43}$/)
    expect(operator.id).toMatch(/^opk_[0-9a-f]{24}$/)
    const listed = await runCliHere(['operator-key', 'list', '--json'], env)
    expect(listed.code).toBe(0)
    expect(listed.json()).toEqual([expect.objectContaining({ id: operator.id, name: 'ops team', revokedAt: null })])
    expect(listed.stdout).not.toContain(operator.secret)
    expect(listed.stdout).not.toContain('keyHash')
    const human = await runCliHere(['operator-key', 'create', '--name', 'second'], env)
    expect(human.stdout).toMatch(/Secret \(shown once[^\n]*\n {2}lko_[A-Za-z0-9_-]{43}\n/)
  })

  it('answers every brand to the operator, in pages that neither repeat nor skip', async () => {
    const all = await call('GET', '/admin/v1/brands', operator.secret)
    expect(all.status).toBe(200)
    expect(all.headers.get('cache-control')).toBe('no-store')
    expect((all.body.data as { id: string }[]).map((b) => b.id)).toEqual(brands.map((b) => b.id))
    expect(all.body.nextCursor).toBeNull()
    const seen: string[] = []
    let cursor: string | null = null
    for (let i = 0; i < 3; i++) {
      const page = await call('GET', `/admin/v1/brands?limit=1${cursor ? `&cursor=${cursor}` : ''}`, operator.secret)
      expect(page.status).toBe(200)
      seen.push(...(page.body.data as { id: string }[]).map((b) => b.id))
      cursor = page.body.nextCursor as string | null
    }
    expect(seen).toEqual(brands.map((b) => b.id))
    expect(cursor).toBeNull()
    for (const q of ['limit=0', 'limit=201', 'limit=abc', 'cursor=bm90LWFuLWlk']) {
      expect(refusal(await call('GET', `/admin/v1/brands?${q}`, operator.secret)), q).toEqual([400, 'validation', 400])
    }
    const one = await call('GET', `/admin/v1/brands/${brands[1]?.id}`, operator.secret)
    expect([one.status, (one.body.data as { name: string }).name]).toEqual([200, 'Shop B'])
  })

  it('answers a brand key its own brand only; another brand is a 404 like an unknown one', async () => {
    const [a, b] = brands as [(typeof brands)[0], (typeof brands)[0]]
    for (const key of [a.readKey, a.writeKey]) {
      const list = await call('GET', '/admin/v1/brands', key)
      expect([list.status, (list.body.data as { id: string }[]).map((x) => x.id), list.body.nextCursor]).toEqual([
        200,
        [a.id],
        null,
      ])
      expect((await call('GET', `/admin/v1/brands/${a.id}`, key)).status).toBe(200)
      const other = await call('GET', `/admin/v1/brands/${b.id}`, key)
      const unknown = await call('GET', `/admin/v1/brands/0x${'ab'.repeat(20)}`, key)
      expect(refusal(other)).toEqual([404, 'not_found', 404])
      expect(other.body.error?.message).toBe(`Brand ${b.id} not found`)
      expect(refusal(unknown)).toEqual([404, 'not_found', 404])
    }
    // An operator asking for a brand that does not exist gets the engine's 404 in the same shape.
    expect(refusal(await call('GET', `/admin/v1/brands/0x${'ab'.repeat(20)}`, operator.secret))).toEqual([
      404,
      'not_found',
      404,
    ])
  })

  it('refuses no key, an unknown key, a key without an admin scope and revoked keys', async () => {
    const none = await call('GET', '/admin/v1/brands')
    expect(none.body).toEqual({
      error: {
        message: 'Missing Authorization: Bearer <operator key or brand API key>',
        code: 'auth_required',
        status: 401,
      },
    })
    expect(none.status).toBe(401)
    expect(refusal(await call('GET', '/admin/v1/brands', `lko_${'x'.repeat(43)}`))).toEqual([401, 'auth_required', 401])
    expect(refusal(await call('GET', '/admin/v1/brands', `lk_${'x'.repeat(43)}`))).toEqual([401, 'auth_required', 401])
    const events = await call('GET', '/admin/v1/brands', brands[0]?.eventsKey)
    expect(refusal(events)).toEqual([403, 'forbidden', 403])

    const c = brands[2] as (typeof brands)[0]
    const readKeyId = (await s.runtime.engine.apiKeys.list({ brandId: c.id })).find((k) =>
      k.scopes.includes('admin:read'),
    )?.id as string
    await s.runtime.engine.apiKeys.revoke({ id: readKeyId })
    expect(refusal(await call('GET', '/admin/v1/brands', c.readKey))).toEqual([401, 'auth_required', 401])

    const spare = await runCliHere(['operator-key', 'create', '--name', 'to revoke', '--json'], env)
    const { id, secret } = spare.json() as { id: string; secret: string }
    expect((await call('GET', '/admin/v1/brands', secret)).status).toBe(200)
    const revoked = await runCliHere(['operator-key', 'revoke', '--id', id], env)
    expect([revoked.code, revoked.stdout]).toEqual([0, `Revoked operator key ${id}\n`])
    expect(refusal(await call('GET', '/admin/v1/brands', secret))).toEqual([401, 'auth_required', 401])
    expect((await runCliHere(['operator-key', 'revoke', '--id', id], env)).code).toBe(1)
    const all = await runCliHere(['operator-key', 'list', '--all', '--json'], env)
    expect((all.json() as { id: string; revokedAt: number | null }[]).find((k) => k.id === id)?.revokedAt).toEqual(
      expect.any(Number),
    )
  })

  it('answers unknown admin paths and malformed bodies in the admin error shape', async () => {
    expect(refusal(await call('GET', '/admin/v1/nothing-here', operator.secret))).toEqual([404, 'not_found', 404])
    const res = await fetch(`${s.base}/admin/v1/brands`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator.secret}`, 'content-type': 'application/json' },
      body: '{not json',
    })
    const body = (await res.json()) as Answer['body']
    expect([res.status, body.error?.code]).toEqual([400, 'validation'])
  })
})
