import { createHash, randomBytes } from 'node:crypto'
import { createAesGcmKeyVault, createEngine, type Engine, type Storage } from '@loyaltykit/engine'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStorage } from '../src/storage/open-storage'
import { runCliHere } from './helpers/run-cli-here'
import { type TestDatabase, testDialects } from './helpers/test-databases'

describe.each(testDialects)('loyaltykit apikey / identity / constraint commands on $dialect', ({ create }) => {
  let db: TestDatabase
  let env: Record<string, string | undefined>
  let brandId: string
  let storage: Storage
  let engine: Engine
  const masterKey = randomBytes(32)

  const cli = (...args: string[]) => runCliHere(args, env)

  beforeAll(async () => {
    db = await create()
    env = {
      LOYALTYKIT_DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl,
      LOYALTYKIT_MASTER_KEY: masterKey.toString('hex'),
      NODE_ENV: 'test',
    }
    const created = await cli('brand', 'create', '--name', 'Shop', '--website', 'https://shop.example', '--json')
    expect(created.code).toBe(0)
    brandId = created.json().brand.id
    storage = await openStorage({ databaseUrl: db.databaseUrl, dataDir: db.dataDir })
    engine = createEngine({ storage, keyVault: createAesGcmKeyVault(masterKey) })
  })
  afterAll(async () => {
    await storage?.close()
    await db?.drop()
  })

  it('creates a constraints key shown once and stored hashed; lists and revokes it', async () => {
    const created = await cli('apikey', 'create', '--brand', brandId, '--scope', 'constraints', '--json')
    expect(created.stderr).toBe('')
    expect(created.code).toBe(0)
    const key = created.json()
    expect(key).toMatchObject({ brandId, scopes: ['constraints'] })
    expect(key.apiKey).toMatch(/^lk_[A-Za-z0-9_-]{43}$/)
    expect(key.prefix).toBe(key.apiKey.slice(0, 12))

    const stored = (await storage.apiKeys.listForBrand(brandId)).find((k) => k.id === key.id)
    expect(stored?.keyHash).toBe(createHash('sha256').update(key.apiKey).digest('hex'))
    expect(await engine.apiKeys.verify({ apiKey: key.apiKey, scope: 'constraints' })).toMatchObject({ id: key.id })
    expect(await engine.apiKeys.verify({ apiKey: key.apiKey, scope: 'dns' })).toBeUndefined()

    const listed = await cli('apikey', 'list', '--brand', brandId, '--json')
    expect(listed.code).toBe(0)
    expect(listed.stdout).not.toContain(key.apiKey)
    expect(listed.stdout).not.toContain(stored?.keyHash)
    expect(listed.json().map((k: { id: string }) => k.id)).toContain(key.id)

    const revoked = await cli('apikey', 'revoke', '--id', key.id)
    expect(revoked.code).toBe(0)
    expect(await engine.apiKeys.verify({ apiKey: key.apiKey, scope: 'constraints' })).toBeUndefined()
  })

  it('refuses an unknown scope with one line', async () => {
    const r = await cli('apikey', 'create', '--brand', brandId, '--scope', 'everything')
    expect(r.code).toBe(2)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toContain('unknown scope everything')
  })

  it('links an email and an OAuth identity, and declares a purchase constraint', async () => {
    const linked = await cli(
      'identity',
      'link',
      '--email',
      'ann@example.com',
      '--provider',
      'discord',
      '--user-id',
      '80351110224678912',
      '--json',
    )
    expect(linked.code).toBe(0)
    const body = linked.json()
    expect(body).toMatchObject({ linked: true, userId: expect.stringMatching(/^did:loyaltykit:/) })
    const viaEmail = await engine.wallets.getOrCreate({ kind: 'email', email: 'ann@example.com' })
    const viaDiscord = await engine.wallets.getOrCreate({
      kind: 'oauth',
      provider: 'discord',
      userId: '80351110224678912',
    })
    expect(viaEmail.address).toBe(body.walletAddress)
    expect(viaDiscord.address).toBe(body.walletAddress)

    const set = await cli(
      'constraint',
      'set',
      '--brand',
      brandId,
      '--collection',
      '3',
      '--api-url',
      'https://brand.example/can-buy',
      '--json',
    )
    expect(set.code).toBe(0)
    expect(set.json()).toMatchObject({ collectionId: 3, brandId, apiUrl: 'https://brand.example/can-buy' })
    expect(await storage.constraints.getConstraint(3)).toMatchObject({ apiUrl: 'https://brand.example/can-buy' })
  })
})
