import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signRequest } from '../../sdk/src/signing/sign-request'
import { runCliHere } from './helpers/run-cli-here'
import { startTestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

describe.each(testDialects)('loyaltykit perk / brand keys commands on $dialect', ({ create }) => {
  let db: TestDatabase
  let env: Record<string, string | undefined>
  let brandId: string
  let createdKey: string

  const cli = (...args: string[]) => runCliHere(args, env)

  beforeAll(async () => {
    db = await create()
    env = {
      LOYALTYKIT_DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl,
      LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex'),
      NODE_ENV: 'test',
    }
    const created = await cli('brand', 'create', '--name', 'Cafe', '--website', 'https://cafe.example', '--json')
    expect(created.code).toBe(0)
    brandId = created.json().brand.id
    createdKey = created.json().keys.securityKey
  })
  afterAll(async () => {
    await db?.drop()
  })

  it('shows the security key again (decrypted), and --rotate issues a new one', async () => {
    const shown = await cli('brand', 'keys', '--brand', brandId, '--json')
    expect(shown.code).toBe(0)
    expect(shown.json()).toMatchObject({ brandId, securityKey: createdKey, rotated: false })
    // API keys are listed by prefix and scopes only (they are stored hashed).
    const apiKeys = shown.json().apiKeys as Array<Record<string, unknown>>
    expect(apiKeys.length).toBeGreaterThan(0)
    for (const k of apiKeys) {
      expect(Object.keys(k).sort()).toEqual(['createdAt', 'id', 'prefix', 'revokedAt', 'scopes'])
      expect(k.revokedAt).toBeNull()
    }
    const human = await cli('brand', 'keys', '--brand', brandId)
    expect(human.stdout).toContain(`security key: ${createdKey}`)

    const rotated = await cli('brand', 'keys', '--brand', brandId, '--rotate', '--json')
    expect(rotated.code).toBe(0)
    expect(rotated.json().rotated).toBe(true)
    expect(rotated.json().securityKey).toMatch(/^lksk_/)
    expect(rotated.json().securityKey).not.toBe(createdKey)
    expect((await cli('brand', 'keys', '--brand', brandId, '--json')).json().securityKey).toBe(
      rotated.json().securityKey,
    )

    const unknown = await cli('brand', 'keys', '--brand', `0x${'9'.repeat(40)}`)
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(/not found/i)
  })

  it('creates perk collections on the embedded chain and lists them; the server then serves their charges', async () => {
    const created = await cli(
      'perk',
      'create',
      '--brand',
      brandId,
      '--name',
      'Free coffee',
      '--price',
      '50',
      '--max-supply',
      '100',
      '--max-per-user',
      '2',
      '--charges',
      '5',
      '--category',
      'dining',
      '--json',
    )
    expect(created.stderr).toBe('')
    expect(created.code).toBe(0)
    const perk = created.json()
    expect(perk).toMatchObject({
      brandId,
      name: 'Free coffee',
      price: '50',
      maxSupply: 100,
      maxPerUser: 2,
      charges: 5,
      category: 'dining',
      collectionId: expect.any(Number),
    })
    expect(perk.id).toMatch(/^[0-9a-f-]{36}$/)
    const second = await cli('perk', 'create', '--brand', brandId, '--name', 'Tote bag', '--price', '0')
    expect(second.code).toBe(0)
    expect(second.stdout).toMatch(/Perk created: collection \d+/)

    const listed = await cli('perk', 'list', '--brand', brandId, '--json')
    expect(listed.json().perks.map((p: { name: string }) => p.name)).toEqual(['Free coffee', 'Tote bag'])
    const table = await cli('perk', 'list', '--brand', brandId)
    expect(table.stdout).toMatch(/COLLECTION\s+NAME\s+PRICE/)
    expect(table.stdout).toContain('Free coffee')

    const missingPrice = await cli('perk', 'create', '--brand', brandId, '--name', 'x')
    expect(missingPrice.code).toBe(2)
    expect(missingPrice.stderr).toContain('--price is required')
    const badBrand = await cli('perk', 'create', '--brand', `0x${'8'.repeat(40)}`, '--name', 'x', '--price', '1')
    expect(badBrand.code).toBe(1)
    expect(badBrand.stderr).toMatch(/not found/i)

    // The server (same database, the chain replayed from its journal) lists the collection's holders
    // for a request signed with the key `brand keys` shows.
    const key = (await cli('brand', 'keys', '--brand', brandId, '--json')).json().securityKey
    const s = await startTestServer(db, { LOYALTYKIT_MASTER_KEY: env.LOYALTYKIT_MASTER_KEY as string })
    try {
      const path = `/list-perk-holders?collectionId=${perk.collectionId}`
      const sig = await signRequest({ secret: key, method: 'GET', path })
      const res = await fetch(`${s.base}${path}`, {
        headers: {
          'X-LOYALTY-Brand-Id': brandId,
          'X-LOYALTY-Timestamp': sig.timestamp,
          'X-LOYALTY-Signature': sig.signature,
        },
      })
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ success: true, name: 'Free coffee', total: 0, holders: [] })
    } finally {
      await s.close()
    }
  })
})
