import type { AgentKeyRecord } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { testDatabases, useTestStorage } from './support/test-databases'

let n = 0
const key = (overrides: Partial<AgentKeyRecord> = {}): AgentKeyRecord => ({
  id: `lak_${String(++n).padStart(24, '0')}`,
  name: 'agent',
  secretCiphertext: 'v1:ciphertext',
  tier: 'free',
  canOnboard: false,
  canManageProgram: false,
  brandScope: null,
  rateLimitPerMinute: null,
  createdAt: 1_000 + n,
  rotatedAt: null,
  revokedAt: null,
  lastUsedAt: null,
  ...overrides,
})

describe.each(testDatabases())('agent-key store contract on $dialect', (db) => {
  const t = useTestStorage(db)

  it('stores and answers every field; lists oldest first', async () => {
    const a = key({ tier: 'enterprise', canOnboard: true, brandScope: [`0x${'a'.repeat(40)}`], rateLimitPerMinute: 7 })
    const b = key({ canManageProgram: true })
    await t.storage.agentKeys.create(b)
    await t.storage.agentKeys.create(a)
    expect(await t.storage.agentKeys.get(a.id)).toEqual(a)
    expect(await t.storage.agentKeys.get(b.id)).toEqual(b)
    expect(await t.storage.agentKeys.get('lak_nope')).toBeUndefined()
    const listed = (await t.storage.agentKeys.list()).map((k) => k.id)
    expect(listed.indexOf(a.id)).toBeLessThan(listed.indexOf(b.id))
  })

  it('revokes once, even with 20 concurrent callers from two connections; a revoked key cannot rotate', async () => {
    const other = await t.database.connect()
    const k = key()
    await t.storage.agentKeys.create(k)
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? other : t.storage).agentKeys.revoke(k.id, 5_000 + i)),
    )
    expect(answers.filter(Boolean)).toHaveLength(1)
    expect((await t.storage.agentKeys.get(k.id))?.revokedAt).toBeGreaterThanOrEqual(5_000)
    expect(await t.storage.agentKeys.rotate(k.id, 'v1:new', 6_000)).toBe(false)
    expect((await t.storage.agentKeys.get(k.id))?.secretCiphertext).toBe('v1:ciphertext')
    expect(await t.storage.agentKeys.revoke('lak_unknown', 1)).toBe(false)
  })

  it('rotates the secret of an active key; touch writes lastUsedAt at most once a minute', async () => {
    const k = key()
    await t.storage.agentKeys.create(k)
    expect(await t.storage.agentKeys.rotate(k.id, 'v1:new', 6_000)).toBe(true)
    expect(await t.storage.agentKeys.get(k.id)).toMatchObject({ secretCiphertext: 'v1:new', rotatedAt: 6_000 })
    await t.storage.agentKeys.touch(k.id, 100_000)
    await t.storage.agentKeys.touch(k.id, 130_000)
    expect((await t.storage.agentKeys.get(k.id))?.lastUsedAt).toBe(100_000)
    await t.storage.agentKeys.touch(k.id, 160_000)
    expect((await t.storage.agentKeys.get(k.id))?.lastUsedAt).toBe(160_000)
  })
})
