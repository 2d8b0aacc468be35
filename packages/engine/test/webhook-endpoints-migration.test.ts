import { migrations } from '@loyaltykit/engine/storage-kysely'
import { createTestContext } from '@loyaltykit/engine/testing'
import { type Kysely, sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { describe, expect, it } from 'vitest'
import { webhooks as sdkWebhooks } from '../../sdk/src/index'
import { createBrand } from '../src/brands/create-brand'
import { createWebhookDispatcher } from '../src/webhooks/create-webhook-dispatcher'
import { enqueueWebhook } from '../src/webhooks/enqueue-webhook'
import { generateWebhookSecret } from '../src/webhooks/webhook-secret'
import { testDatabases } from './support/test-databases'
import { startWebhookReceiver } from './support/webhook-receiver'
import { manualClock } from './support/webhook-world'

const T = 1_800_000_000_000

/** A delivery row as migration 0011 left the table (no endpoint_id). */
function legacyDelivery(p: { id: string; brandId: string; eventId: string; status: string; test: number }) {
  return sql`insert into webhook_deliveries
    (id, brand_id, event_type, event_id, mint_job_id, payload, test, status, attempts, next_attempt_at,
     claim_token, last_attempt_at, last_status_code, last_error, delivered_at, created_at, updated_at)
    values (${p.id}, ${p.brandId}, 'tokens_distributed', ${p.eventId}, '', ${'{"event":"tokens_distributed"}'},
     ${p.test}, ${p.status}, ${p.status === 'pending' ? 0 : 3}, ${T}, null, null,
     ${p.status === 'failed' ? 500 : null}, ${p.status === 'failed' ? 'HTTP 500' : null}, null, ${T}, ${T})`
}

describe.each(testDatabases())('migration 0027-webhook-endpoints on $dialect', (db) => {
  it("moves each brand's endpoint, secret and deliveries into the several-endpoints shape, losing nothing", async () => {
    const fresh = await db.create({ migrate: false })
    const receiver = await startWebhookReceiver()
    try {
      const raw = fresh.db as unknown as Kysely<unknown>
      const migrator = new Migrator({ db: raw, provider: { getMigrations: async () => migrations } })
      expect((await migrator.migrateTo('0026-activity-gaps')).error).toBeUndefined()

      // Before: one endpoint per brand, its secret a brand secret, three deliveries (one a pending test).
      const clock = manualClock(T)
      const ctx = createTestContext(fresh.storage, { clock })
      const { brand } = await createBrand(ctx, { name: 'Old shop', websites: ['https://old.example'] })
      const other = (await createBrand(ctx, { name: 'No hooks', websites: ['https://none.example'] })).brand
      const secret = generateWebhookSecret()
      await fresh.storage.apiKeys.setSecret(brand.id, 'webhook_secret', ctx.keyVault.encrypt(secret), T)
      await sql`insert into webhook_endpoints (brand_id, url, enabled, created_at, updated_at)
        values (${brand.id}, ${`${receiver.url}/old`}, 1, ${T - 5}, ${T - 1})`.execute(raw)
      const rows = [
        { id: 'msg_delivered', brandId: brand.id, eventId: 'e1', status: 'delivered', test: 0 },
        { id: 'msg_failed', brandId: brand.id, eventId: 'e2', status: 'failed', test: 0 },
        { id: 'msg_pending_test', brandId: brand.id, eventId: 'test_1', status: 'pending', test: 1 },
        // A delivery whose brand has no endpoint (the old code never sent it): kept, still unsent.
        { id: 'msg_orphan', brandId: other.id, eventId: 'e3', status: 'pending', test: 1 },
      ]
      for (const r of rows) await legacyDelivery(r).execute(raw)

      const applied = await migrator.migrateToLatest()
      expect(applied.error).toBeUndefined()
      expect(applied.results?.map((r) => r.migrationName)).toContain('0027-webhook-endpoints')

      const [endpoint, ...more] = await fresh.storage.webhooks.listEndpoints(brand.id)
      expect(more).toEqual([])
      expect(endpoint).toEqual({
        id: expect.stringMatching(/^we_[0-9a-f]{32}$/),
        brandId: brand.id,
        url: `${receiver.url}/old`,
        eventTypes: ['*'],
        description: null,
        enabled: true,
        isDefault: true,
        previousSecretExpiresAt: null,
        createdAt: T - 5,
        updatedAt: T - 1,
      })
      expect(await fresh.storage.webhooks.getDefaultEndpoint(brand.id)).toEqual(endpoint)
      const secrets = await fresh.storage.webhooks.getEndpointSecrets(endpoint!.id)
      expect(ctx.keyVault.decrypt(secrets!.secret)).toBe(secret)
      expect(await fresh.storage.apiKeys.getSecret(brand.id, 'webhook_secret')).toBeUndefined()

      const log = await fresh.storage.webhooks.listDeliveries({ brandId: brand.id, limit: 10 })
      expect(log.map((d) => [d.id, d.endpointId, d.status, d.attempts]).sort()).toEqual([
        ['msg_delivered', endpoint!.id, 'delivered', 3],
        ['msg_failed', endpoint!.id, 'failed', 3],
        ['msg_pending_test', endpoint!.id, 'pending', 0],
      ])
      expect(await fresh.storage.webhooks.getDelivery('msg_orphan')).toMatchObject({
        endpointId: '',
        status: 'pending',
      })

      // The pending delivery goes out to the migrated endpoint, signed with the migrated secret; the
      // orphan stays unsent, as before.
      const dispatcher = createWebhookDispatcher(ctx, { allowPrivateAddresses: true, jitter: 0 })
      expect(await dispatcher.runOnce()).toBe(1)
      const [sent] = receiver.received
      expect(sent!.headers['webhook-id']).toBe('msg_pending_test')
      await expect(sdkWebhooks.verify(sent!.body, sent!.headers, secret, { now: T })).resolves.toBeTruthy()

      // Uniqueness is per endpoint now: a second endpoint gets its own delivery of the same event.
      await fresh.storage.webhooks.insertEndpoint({
        endpoint: { ...endpoint!, id: 'we_second', isDefault: false },
        secretCiphertext: ctx.keyVault.encrypt(generateWebhookSecret()),
      })
      const facts = { brandId: brand.id, userId: 'a@x.io', email: 'a@x.io', walletAddress: `0x${'1'.repeat(40)}` }
      const enqueued = await enqueueWebhook(fresh.storage, { ...facts, tokenAmount: 1, eventId: 'e9', mintJobId: 'j' })
      expect(enqueued.map((e) => e.endpointId).sort()).toEqual([endpoint!.id, 'we_second'].sort())
      expect(enqueued.every((e) => e.created)).toBe(true)
    } finally {
      await receiver.close()
      await fresh.destroy()
    }
  })
})
