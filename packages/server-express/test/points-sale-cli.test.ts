import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCliHere } from './helpers/run-cli-here'
import { startTestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const SITE = 'https://cafe.example'

describe.each(testDialects)('loyaltykit points-sale commands and GET /points-sale/items on $dialect', ({ create }) => {
  let db: TestDatabase
  let env: Record<string, string | undefined>
  let brandId: string

  const cli = (...args: string[]) => runCliHere(args, env)

  beforeAll(async () => {
    db = await create()
    env = {
      LOYALTYKIT_DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl,
      LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex'),
      NODE_ENV: 'test',
    }
    const created = await cli('brand', 'create', '--name', 'Cafe', '--website', SITE, '--json')
    expect(created.code).toBe(0)
    brandId = created.json().brand.id
  })
  afterAll(async () => {
    await db?.drop()
  })

  it('lists items on the embedded chain and lists them back; the server answers the same over HTTP', async () => {
    const empty = await cli('points-sale', 'list')
    expect(empty.code).toBe(0)
    expect(empty.stdout).toMatch(/^No items\. List one with: loyaltykit points-sale add/)

    const added = await cli(
      ...['points-sale', 'add', '--brand', brandId, '--name', 'Tote bag', '--price', '40', '--stock', '25'],
      ...['--category', 'merch', '--description', 'Organic cotton', '--json'],
    )
    expect(added.stderr).toBe('')
    expect(added.code).toBe(0)
    expect(added.json()).toMatchObject({
      itemId: 1,
      brandId,
      name: 'Tote bag',
      description: 'Organic cotton',
      category: 'merch',
      price: '40',
      stock: '25',
      active: true,
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    })
    const inactive = await cli(
      'points-sale',
      'add',
      '--brand',
      brandId,
      '--name',
      'Mug',
      '--price',
      '5',
      '--stock',
      '3',
    )
    expect(inactive.code).toBe(0)
    expect(inactive.stdout).toMatch(/^Item listed: 2 on the points sale 0x[0-9a-f]{40}\n/)
    const hidden = await cli(
      ...['points-sale', 'add', '--brand', brandId, '--name', 'Cap', '--price', '9', '--stock', '1', '--inactive'],
    )
    expect(hidden.stdout).toContain('active:      no')

    const table = await cli('points-sale', 'list')
    expect(table.stdout).toMatch(/ITEM\s+NAME\s+PRICE\s+STOCK\s+SOLD\s+AVAILABLE\s+SELLER/)
    expect(table.stdout).toMatch(/1\s+Tote bag\s+40\s+25\s+0\s+yes/)
    expect(table.stdout).toMatch(/3\s+Cap\s+9\s+1\s+0\s+inactive/)
    const listed = await cli('points-sale', 'list', '--available', '--json')
    expect(listed.json().items.map((i: { name: string }) => i.name)).toEqual(['Tote bag', 'Mug'])
    const paged = await cli('points-sale', 'list', '--brand', brandId, '--limit', '1', '--offset', '2', '--json')
    expect(paged.json()).toMatchObject({ total: 3, limit: 1, offset: 2, hasMore: false, items: [{ name: 'Cap' }] })

    const usage = await cli('points-sale', 'add', '--brand', brandId, '--name', 'x', '--price', '1')
    expect(usage.code).toBe(2)
    expect(usage.stderr).toContain('--stock is required')
    const both = await cli('points-sale', 'list', '--available', '--unavailable')
    expect(both.code).toBe(2)
    const unknown = await cli(
      ...['points-sale', 'add', '--brand', `0x${'7'.repeat(40)}`, '--name', 'x', '--price', '1', '--stock', '1'],
    )
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(/not found/i)

    // The server (same database, the chain replayed from its journal) answers what the CLI printed.
    const printed = (await cli('points-sale', 'list', '--json')).json()
    const s = await startTestServer(db, { LOYALTYKIT_MASTER_KEY: env.LOYALTYKIT_MASTER_KEY as string })
    try {
      const res = await fetch(`${s.base}/points-sale/items`, { headers: { origin: SITE } })
      expect(res.status).toBe(200)
      expect(res.headers.get('access-control-allow-origin')).toBe(SITE)
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(await res.json()).toEqual(printed)
      const foreign = await fetch(`${s.base}/points-sale/items?available=false`, {
        headers: { origin: 'https://elsewhere.example' },
      })
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
      expect((await foreign.json()).items.map((i: { name: string }) => i.name)).toEqual(['Cap'])
      const preflight = await fetch(`${s.base}/points-sale/items`, {
        method: 'OPTIONS',
        headers: { origin: SITE, 'access-control-request-method': 'GET' },
      })
      expect(preflight.status).toBe(204)
      expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, OPTIONS')

      const bad = await fetch(`${s.base}/points-sale/items?limit=0&brandId=nope`)
      expect(bad.status).toBe(400)
      const body = await bad.json()
      expect(body).toMatchObject({ error: 'Invalid points-sale query', code: 'VALIDATION_FAILED' })
      expect(body.details.fields.map((f: { field: string }) => f.field).sort()).toEqual(['brandId', 'limit'])
    } finally {
      await s.close()
    }
  })
})
