import { type Kysely, sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import type { Storage, Stores } from '../ports/storage'
import { createActivityStore } from './activity-store'
import { createAgentKeyStore } from './agent-key-store'
import { createAgentRewardStore } from './agent-reward-store'
import { createAnalyticsStore } from './analytics-store'
import { createApiKeyStore } from './api-key-store'
import { createBacklogStore } from './backlog-store'
import { createBrandStore } from './brand-store'
import { createChainJournalStore } from './chain-journal-store'
import { createConstraintStore } from './constraint-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'
import { createEventStore } from './event-store'
import { createGrowthLeadStore } from './growth-lead-store'
import { createIdempotencyStore } from './idempotency-store'
import { createIdentityStore } from './identity-store'
import { createLeaseStore } from './lease-store'
import { createLedgerStore } from './ledger-store'
import { migrations } from './migrations/index'
import { createMintStore } from './mint-store'
import { createNonceStore } from './nonce-store'
import { createOperatorKeyStore } from './operator-key-store'
import { createPaymentStore } from './payment-store'
import { createPendingRedemptionStore } from './pending-redemption-store'
import { createPerkRedemptionStore } from './perk-redemption-store'
import { createPerkStore } from './perk-store'
import { createPointsSaleStore } from './points-sale-store'
import { createPregenerationStore } from './pregeneration-store'
import { createRateLimitStore } from './rate-limit-store'
import { createRedemptionCodeStore } from './redemption-code-store'
import { createRelayStore } from './relay-store'
import { createRuleStore } from './rule-store'
import { createSettingsStore } from './settings-store'
import { createSignatureReplayStore } from './signature-replay-store'
import { createSiteStore } from './site-store'
import { createWalletStore } from './wallet-store'
import { createWebhookStore } from './webhook-store'

export type KyselyStorageOptions = {
  /** Which SQL dialect `db` speaks; decides upsert and locking syntax. */
  dialect: SqlDialect
}

function bindStores(db: Kysely<Database>, dialect: SqlDialect, inTransaction = false): Stores {
  return {
    savepoint: inTransaction ? (fn) => withSavepoint(db, fn) : (fn) => fn(),
    brands: createBrandStore(db, dialect),
    rules: createRuleStore(db, dialect),
    wallets: createWalletStore(db, dialect),
    apiKeys: createApiKeyStore(db, dialect),
    settings: createSettingsStore(db, dialect),
    mint: createMintStore(db, dialect),
    nonces: createNonceStore(db, dialect),
    leases: createLeaseStore(db, dialect),
    chainJournal: createChainJournalStore(db, dialect),
    events: createEventStore(db, dialect),
    webhooks: createWebhookStore(db, dialect),
    identities: createIdentityStore(db, dialect),
    pregenerations: createPregenerationStore(db, dialect),
    constraints: createConstraintStore(db, dialect),
    payments: createPaymentStore(db, dialect),
    relay: createRelayStore(db, dialect),
    perks: createPerkStore(db, dialect),
    pointsSale: createPointsSaleStore(db, dialect),
    rateLimits: createRateLimitStore(db, dialect),
    signatureReplays: createSignatureReplayStore(db, dialect),
    idempotency: createIdempotencyStore(db, dialect),
    ledger: createLedgerStore(db, dialect),
    redemptionCodes: createRedemptionCodeStore(db, dialect),
    agentKeys: createAgentKeyStore(db, dialect),
    growthLeads: createGrowthLeadStore(db, dialect),
    agentRewards: createAgentRewardStore(db, dialect),
    activity: createActivityStore(db),
    analytics: createAnalyticsStore(db, dialect),
    perkRedemptions: createPerkRedemptionStore(db),
    pendingRedemptions: createPendingRedemptionStore(db),
    site: createSiteStore(db, dialect),
    operatorKeys: createOperatorKeyStore(db),
  }
}

/**
 * One name for every savepoint: nested savepoints of one name are a stack (ROLLBACK TO and RELEASE
 * act on the newest), and one SQL text per statement keeps them in the prepared-statement cache
 * (a new name per call made two new statements per savepoint and flushed the cache).
 */
const name = sql.raw('lk_sp')

async function withSavepoint<T>(trx: Kysely<Database>, fn: () => Promise<T>): Promise<T> {
  await sql`savepoint ${name}`.execute(trx)
  try {
    const result = await fn()
    await sql`release savepoint ${name}`.execute(trx)
    return result
  } catch (e) {
    await sql`rollback to savepoint ${name}`.execute(trx)
    await sql`release savepoint ${name}`.execute(trx)
    throw e
  }
}

const migrator = (db: Kysely<Database>) => new Migrator({ db, provider: { getMigrations: async () => migrations } })

/** Every row of kysely's migrations table (which exists: a known migration was applied). */
async function appliedMigrations(db: Kysely<Database>): Promise<{ name: string; appliedAt: number }[]> {
  const { rows } = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration`.execute(
    db,
  )
  return rows
    .map((r) => ({ name: r.name, appliedAt: new Date(r.timestamp).getTime() }))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
}

/**
 * A Storage over any kysely instance. The app wires the driver (better-sqlite3, pg); the engine only
 * speaks kysely.
 */
export function createKyselyStorage(db: Kysely<Database>, options: KyselyStorageOptions): Storage {
  const { dialect } = options
  return {
    dialect,
    ...bindStores(db, dialect),
    backlog: createBacklogStore(db),
    transaction: (fn) => db.transaction().execute((trx) => fn(bindStores(trx, dialect, true))),
    async ping() {
      await sql`select 1`.execute(db)
    },
    async migrate() {
      const { error, results } = await migrator(db).migrateToLatest()
      if (error) throw error
      // 0x10002: analyze every table that needs it, not only those this connection has queried.
      if (dialect === 'sqlite') await sql`pragma optimize = 0x10002`.execute(db)
      return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) }
    },
    async optimize() {
      if (dialect === 'sqlite') await sql`pragma optimize`.execute(db)
    },
    async migrationStatus() {
      const known = await migrator(db).getMigrations()
      const applied = known.some((m) => m.executedAt !== undefined) ? await appliedMigrations(db) : []
      return {
        migrations: known.map((m) => ({ name: m.name, appliedAt: m.executedAt ? m.executedAt.getTime() : null })),
        unknown: applied.filter((a) => !(a.name in migrations)),
      }
    },
    close: () => db.destroy(),
  }
}
