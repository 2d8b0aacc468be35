import { randomBytes } from 'node:crypto'
import { createAesGcmKeyVault } from '@loyaltykit/engine'
import { createKyselyStorage } from '@loyaltykit/engine/storage-kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openBenchKysely } from '../bench/support/bench-kysely'
import { preloadDatabase } from '../bench/support/preload-database'
import { type TestDatabase, testDialects } from './helpers/test-databases'

describe.each(testDialects)('bench preload writes the ledger of its events on $dialect', (dialect) => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await dialect.create()
  })
  afterAll(async () => {
    await db?.drop()
  })

  it('one confirmed reward entry per preloaded event, matching its event and its mint', async () => {
    const kysely = openBenchKysely(db)
    try {
      await createKyselyStorage(kysely, { dialect: dialect.dialect }).migrate()
      const brandId = `0x${randomBytes(20).toString('hex')}`
      const result = await preloadDatabase(kysely, {
        brandId,
        rules: [
          { eventType: 'bench_reward', rewardAmount: 10 },
          { eventType: 'account_creation', rewardAmount: 100 },
        ],
        events: 300,
        members: 90,
        keyVault: createAesGcmKeyVault(randomBytes(32)),
        now: Date.now(),
      })
      expect(result.ledgerEntries).toBe(300)
      const rows = await kysely
        .selectFrom('ledger_entries as l')
        .innerJoin('reward_events as e', 'e.id', 'l.source_id')
        .innerJoin('mint_jobs as j', 'j.id', 'l.mint_job_id')
        .select([
          'l.kind',
          'l.status',
          'l.amount',
          'l.amount_wei',
          'l.wallet_address',
          'l.brand_id',
          'l.created_at',
          'l.tx_hash',
          'l.batch_id',
          'l.log_index',
          'l.user_key',
          'e.reward_amount',
          'e.wallet_address as event_wallet',
          'e.created_at as event_at',
          'e.user_email',
          'j.tx_hash as job_tx',
          'j.batch_id as job_batch',
          'j.amount_wei as job_wei',
        ])
        .where('l.source_type', '=', 'event')
        .execute()
      expect(rows).toHaveLength(300)
      for (const r of rows) {
        expect(r).toMatchObject({
          kind: 'reward',
          status: 'confirmed',
          amount: Number(r.reward_amount),
          amount_wei: r.job_wei,
          wallet_address: r.event_wallet,
          brand_id: brandId,
          created_at: Number(r.event_at),
          tx_hash: r.job_tx,
          batch_id: r.job_batch,
          user_key: `email:${r.user_email}`,
        })
      }
      // Within a transaction, each mint has its own Transfer log.
      expect(new Set(rows.map((r) => `${r.tx_hash}:${r.log_index}`)).size).toBe(300)
    } finally {
      await kysely.destroy()
    }
  })
})
