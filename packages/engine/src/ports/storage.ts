import type { ActivityStore } from './activity-store'
import type { AgentKeyStore } from './agent-key-store'
import type { AgentRewardStore } from './agent-reward-store'
import type { AnalyticsStore } from './analytics-store'
import type { ApiKeyStore } from './api-key-store'
import type { BacklogStore } from './backlog-store'
import type { BrandStore } from './brand-store'
import type { ChainJournalStore } from './chain-journal-store'
import type { ConstraintStore } from './constraint-store'
import type { EventStore } from './event-store'
import type { GrowthLeadStore } from './growth-lead-store'
import type { IdempotencyStore } from './idempotency-store'
import type { IdentityStore } from './identity-store'
import type { LeaseStore } from './lease-store'
import type { LedgerStore } from './ledger-store'
import type { MintStore } from './mint-store'
import type { NonceStore } from './nonce-store'
import type { OperatorKeyStore } from './operator-key-store'
import type { PaymentStore } from './payment-store'
import type { PendingRedemptionStore } from './pending-redemption-store'
import type { PerkRedemptionStore } from './perk-redemption-store'
import type { PerkStore } from './perk-store'
import type { PointsSaleStore } from './points-sale-store'
import type { PregenerationStore } from './pregeneration-store'
import type { RateLimitStore } from './rate-limit-store'
import type { RedemptionCodeStore } from './redemption-code-store'
import type { RelayStore } from './relay-store'
import type { RuleStore } from './rule-store'
import type { SettingsStore } from './settings-store'
import type { SignatureReplayStore } from './signature-replay-store'
import type { SiteStore } from './site-store'
import type { WalletStore } from './wallet-store'
import type { WebhookStore } from './webhook-store'

/** One migration: `appliedAt` is epoch ms, null while pending. */
export type MigrationState = { name: string; appliedAt: number | null }

export type MigrationStatus = {
  migrations: MigrationState[]
  /** Applied by a newer version; this one refuses to migrate such a database. */
  unknown: { name: string; appliedAt: number }[]
}

/**
 * The stores every operation sees, either bound to the database (each call its own statement) or to
 * one transaction (inside `Storage.transaction`).
 */
export interface Stores {
  brands: BrandStore
  rules: RuleStore
  wallets: WalletStore
  apiKeys: ApiKeyStore
  settings: SettingsStore
  mint: MintStore
  nonces: NonceStore
  leases: LeaseStore
  chainJournal: ChainJournalStore
  events: EventStore
  webhooks: WebhookStore
  identities: IdentityStore
  pregenerations: PregenerationStore
  constraints: ConstraintStore
  payments: PaymentStore
  relay: RelayStore
  perks: PerkStore
  pointsSale: PointsSaleStore
  rateLimits: RateLimitStore
  signatureReplays: SignatureReplayStore
  /** Idempotency keys of client requests; its methods are for use outside transactions. */
  idempotency: IdempotencyStore
  /** The ledger of value movements; write it in the transaction of the operation it records. */
  ledger: LedgerStore
  /** Confirmation codes of perk claims; write one in the transaction of the redemption it confirms. */
  redemptionCodes: RedemptionCodeStore
  /** Agent API keys (docs/agent-api.md#keys). */
  agentKeys: AgentKeyStore
  /** Businesses that asked to join (agent API request_info). */
  growthLeads: GrowthLeadStore
  /** Agent reward claims; write one in the transaction of the mint job that pays it. */
  agentRewards: AgentRewardStore
  /** Read-only aggregates over reward events and the ledger (the agent API's network and user reads). */
  activity: ActivityStore
  /** Aggregate reads of events and redemptions for the agent API's analytics. */
  analytics: AnalyticsStore
  /** Perk redemptions made for members (app data beside the ledger); write in the redemption's transaction. */
  perkRedemptions: PerkRedemptionStore
  /** Redemptions for members from before their claim is signed until settled (docs/perks.md "Redemption states"). */
  pendingRedemptions: PendingRedemptionStore
  /** The site plugin's members, streaks, check-ins and milestone claims (docs/site-plugin.md). */
  site: SiteStore
  /** Operator keys of the admin API (docs/admin-api.md#operator-keys). */
  operatorKeys: OperatorKeyStore
  /**
   * Inside `Storage.transaction`: runs `fn` in a savepoint; when `fn` throws, only what it wrote is
   * rolled back and the error is rethrown, and the transaction goes on. Outside a transaction it just
   * runs `fn`.
   */
  savepoint<T>(fn: () => Promise<T>): Promise<T>
}

/**
 * Persistent state. Everything that must hold across server processes lives here.
 *
 * Concurrency contract: `transaction(fn)` runs `fn` atomically (SQLite serialises writers; PostgreSQL
 * runs READ COMMITTED and every method that must be atomic says how it is made so). When `fn` throws,
 * nothing it wrote is kept.
 */
export interface Storage extends Stores {
  readonly dialect: 'sqlite' | 'postgres'
  /** Queue depths for metrics and readiness; outside transactions only. */
  readonly backlog: BacklogStore
  transaction<T>(fn: (tx: Stores) => Promise<T>): Promise<T>
  /** Cheap round trip for health checks; throws when the database is unreachable. */
  ping(): Promise<void>
  /**
   * Applies pending migrations; safe to run concurrently from several processes. SQLite: then
   * refreshes the planner's statistics (`optimize`, every table checked).
   */
  migrate(): Promise<{ applied: string[] }>
  /**
   * Refreshes the query planner's statistics where they went stale (docs/performance.md#sqlite-statistics).
   * SQLite: `PRAGMA optimize` (ANALYZE of the tables that changed enough since theirs were gathered,
   * bounded by SQLite's own analysis limit: milliseconds when nothing changed). PostgreSQL: nothing
   * (autovacuum analyzes).
   */
  optimize(): Promise<void>
  /**
   * Read-only (creates nothing, not even the migrations table): every migration this version knows,
   * in the order they run, with when each was applied; and those the database has applied that this
   * version does not know (a newer version migrated it).
   */
  migrationStatus(): Promise<MigrationStatus>
  close(): Promise<void>
}
